import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { SideBySide } from './SideBySide';

/**
 * First render as markup, in Node: the contract the side-by-side check relies on (two players
 * inside `dub-side-by-side`, each named for what it shows). Playback and the follow rule
 * run in Chromium (`npm run bench`, "Dub side by side"); the rule is unit-tested in
 * shared/domain/dub/lines/follow-clock.test.ts.
 */
it('holds the two players, the original and the dub, by name', () => {
  const html = renderToStaticMarkup(
    <SideBySide originalUrl="/media/original.mp4" dubbedUrl="/media/dub.mp4" cellKey="a|es" />,
  );
  const container = /<div class="dub-side" data-testid="dub-side-by-side">/;
  expect(html).toMatch(container);
  const videos = html.match(/<video[^>]*>/g) ?? [];
  expect(videos).toHaveLength(2);
  expect(videos[0]).toContain('aria-label="Original video"');
  expect(videos[1]).toContain('aria-label="Dubbed video"');
});

it('captions each player: the original, and the dub with its language', () => {
  const html = renderToStaticMarkup(
    <SideBySide originalUrl="/media/original.mp4" dubbedUrl="/media/dub.mp4" language="es" />,
  );
  const captions = [...html.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((m) => m[1]);
  expect(captions).toEqual(['Original', 'Dub · Spanish']);
  // Each caption sits in the figure holding its player, so it names that player's figure.
  expect(html).toMatch(
    /<figure[^>]*><video[^>]*aria-label="Original video"[^>]*>.*?<figcaption>Original</,
  );
});
