import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { RetryFailedConfirm } from './RetryFailedConfirm';

/**
 * First render as markup, in Node: R asks in a modal dialog (so the dispatcher leaves its keys
 * to it) that states how many requests go again and their price before anything is sent. The
 * price is shared/domain/dub failedRetry's, tested in retry-failed.test.ts.
 */
it('states how many failed requests go again and what they cost', () => {
  const html = renderToStaticMarkup(
    <RetryFailedConfirm
      retry={{ requestKeys: ['/a.mp4#scripted', '/b.mp4#translated'], amount: 1.97 }}
      onConfirm={() => {}}
      onClose={() => {}}
    />,
  );
  expect(html).toMatch(/role="dialog"[^>]*aria-modal="true"/);
  expect(html).toContain('Retry 2 failed requests?');
  expect(html).toMatch(/data-testid="dub-retry-failed-cost" data-amount="1.97">\$1.97</);
  expect(html).toMatch(/data-testid="dub-retry-failed-confirm"[^>]*>Retry 2 · \$1.97</);
});
