// Base styles first, so each feature's stylesheet can refine them.
import './styles/theme.css';
import './ui/ui.css';
import './app/layout.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';
import { InvokeError } from './bridge/invoke';

// The CSP forbids eval; zod's fast path would try `new Function` and log a violation.
z.config({ jitless: true });

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // Errors main reported are answers, not glitches; retry only lost connections.
      retry: (failures, error) =>
        error instanceof InvokeError && error.code === 'disconnected' && failures < 3,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
