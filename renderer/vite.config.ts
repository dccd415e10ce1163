import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// import.meta.dirname (Node 20.11+) instead of node:url: renderer/ imports no Node modules.
const here = (path: string) => `${import.meta.dirname}/${path}`;

// The renderer is loaded from file:// in Electron and from the loopback host in browser mode,
// so every asset path is relative (`base: './'`) and nothing is fetched from outside.
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  build: {
    outDir: here('../out/renderer'),
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: true,
    // The polyfill would be an extra script; Chromium supports modulepreload natively.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Loaded from disk or loopback, never over a network: one bundle is fine.
    chunkSizeWarningLimit: 1500,
  },
  server: { host: '127.0.0.1', port: 5173 },
});
