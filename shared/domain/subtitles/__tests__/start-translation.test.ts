import { describe, expect, it } from 'vitest';
import { translationColumn } from '../start-translation';

const en = [
  { id: 'c1', startMs: 0, endMs: 1000, text: 'Hello' },
  { id: 'c2', startMs: 1500, endMs: 3000, text: 'World' },
];

describe('translationColumn', () => {
  it('copies ids and timings with empty text', () => {
    expect(translationColumn({ en }, 'en', 'es')).toEqual([
      { id: 'c1', startMs: 0, endMs: 1000, text: '' },
      { id: 'c2', startMs: 1500, endMs: 3000, text: '' },
    ]);
  });
  it('refuses an existing language or an empty source', () => {
    expect(translationColumn({ en, es: [] }, 'en', 'es')).toBeNull();
    expect(translationColumn({ en: [] }, 'en', 'fr')).toBeNull();
  });
});
