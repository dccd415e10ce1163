import { describe, expect, it } from 'vitest';
import { exportBlockers, type ExportIssue } from '../export-blockers';

const issue = (
  rule: ExportIssue['rule'],
  language: string,
  severity: ExportIssue['severity'] = 'error',
) => ({
  rule,
  language,
  severity,
});

describe('exportBlockers', () => {
  it('is null when the exported languages have only warnings', () => {
    expect(exportBlockers([issue('cps', 'es', 'warning')], ['es'])).toBeNull();
    expect(exportBlockers([issue('overlap', 'en')], ['es'])).toBeNull();
  });

  it('counts errors per rule in one sentence that says what the service does', () => {
    expect(exportBlockers([issue('overlap', 'es'), issue('overlap', 'es')], ['es'])).toEqual({
      count: 2,
      summary: '2 cues overlap: the dubbing service refuses this script.',
    });
    expect(
      exportBlockers([issue('overlap', 'es'), issue('order', 'es'), issue('timing', 'es')], ['es'])
        ?.summary,
    ).toBe(
      '1 cue overlaps the one before it, 1 cue is out of time order and 1 cue has negative or reversed timing: the dubbing service refuses this script.',
    );
  });

  it('names the languages with errors when several are exported', () => {
    const found = exportBlockers(
      [issue('overlap', 'es'), issue('overlap', 'fr'), issue('cps', 'en', 'warning')],
      ['en', 'es', 'fr'],
    );
    expect(found).toEqual({
      count: 2,
      summary: '2 cues overlap (es, fr): the dubbing service refuses these scripts.',
    });
  });
});
