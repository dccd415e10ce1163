import { describe, expect, it } from 'vitest';
import { exportStatusWords, issueWords, preflightStatusWords } from './report-words';

describe('report words', () => {
  it('says the statuses a translator reads, keeping the code', () => {
    expect(preflightStatusWords('review_required')).toEqual({
      code: 'review_required',
      words: 'Needs review',
    });
    expect(preflightStatusWords('ok').words).toBe('Passed');
    expect(exportStatusWords('exported_review_required').words).toBe('Exported, needs review');
    // An export that was blocked wrote no file; the dub itself went through.
    expect(exportStatusWords('blocked').words).toBe('Not exported');
  });

  it('names each issue in words, codes kept beside them', () => {
    expect(issueWords(['line_shortened', 'high_text_speed'])).toEqual([
      { code: 'line_shortened', words: 'Line shortened' },
      { code: 'high_text_speed', words: 'Spoken fast' },
    ]);
    expect(issueWords([{ code: 'cue_too_short', cue: 2 }])[0]?.words).toBe('Shown too briefly');
    expect(issueWords(undefined)).toEqual([]);
  });

  it('never shows a raw code, even one the app does not know', () => {
    expect(issueWords(['brand_new_issue'])[0]?.words).toBe('Brand new issue');
    expect(preflightStatusWords('held_for_review').words).toBe('Held for review');
  });
});
