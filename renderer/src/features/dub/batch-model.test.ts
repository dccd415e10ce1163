import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../../../shared/api/languages';
import { planDubBatch } from '../../../../shared/domain/dub';
import { dubPartSchema } from '../../../../shared/domain/project/document';
import { fromDubPart, toDubPart } from './batch-project';
import { acceptHandoff } from './handoff';
import { draftOf, EMPTY_DRAFT, useDubBatch } from './batch-store';
import { inSelection, selectedKeys, selectedVideos } from './grid-selection';

/** The batch's plan for 20 s videos on the local engine, Spanish, French and German by default. */
function planOf(
  videos: readonly string[],
  languages: LanguageCode[] = ['es', 'fr', 'de'],
  excluded: readonly string[] = [],
) {
  return planDubBatch({
    videos: videos.map((path) => ({ path, durationSeconds: 20, bytes: 1000, hasVideo: true })),
    scripts: [],
    scriptFacts: [],
    settings: {
      languages,
      ducking: true,
      lipsync: false,
      exportSrt: false,
      engine: 'local',
      maxUploadMb: 300,
    },
    account: { balance: 100 },
    excluded: new Set(excluded),
  });
}

const plan = planOf(['/v/a.mp4', '/v/b.mp4', '/v/c.mp4']);

describe('grid cursor and selection', () => {
  it('moves within the grid, extends with Shift, and selects all', () => {
    const store = useDubBatch.getState();
    store.setCursor(0, 0);
    store.moveCursor(-1, -1, false, 3, 3);
    expect(useDubBatch.getState().cursor).toMatchObject({ row: 0, col: 0 });
    store.moveCursor(1, 1, true, 3, 3);
    const cursor = useDubBatch.getState().cursor;
    expect(cursor.anchor).toEqual({ row: 0, col: 0 });
    expect(inSelection(cursor, 1, 0)).toBe(true);
    expect(inSelection(cursor, 2, 0)).toBe(false);
    expect(selectedKeys(plan, cursor)).toHaveLength(4);
    expect(selectedVideos(plan, cursor)).toEqual(['/v/a.mp4', '/v/b.mp4']);
    store.selectAll(3, 3);
    expect(selectedKeys(plan, useDubBatch.getState().cursor)).toHaveLength(9);
    store.collapseSelection();
    expect(selectedKeys(plan, useDubBatch.getState().cursor)).toEqual(['/v/c.mp4\u0000de']);
  });

  it('Space leaves cells out and a second Space puts them back', () => {
    const store = useDubBatch.getState();
    store.toggleCells(['/v/a.mp4\u0000es', '/v/a.mp4\u0000fr']);
    expect(Object.keys(useDubBatch.getState().excluded)).toHaveLength(2);
    store.toggleCells(['/v/a.mp4\u0000es', '/v/a.mp4\u0000fr']);
    expect(useDubBatch.getState().excluded).toEqual({});
  });

  it('reports duplicates among added files as skipped', () => {
    useDubBatch.getState().load({});
    const add = { videos: ['/v/a.mp4'], scripts: ['/v/a.es.srt'], skipped: [] };
    useDubBatch.getState().addSorted(add);
    useDubBatch.getState().addSorted(add);
    const state = useDubBatch.getState();
    expect(state.videos).toEqual(['/v/a.mp4']);
    expect(state.skipped.map((s) => s.reason)).toEqual([
      'Already in the batch.',
      'Already in the batch.',
    ]);
  });
});

describe('the batch in the project document', () => {
  it('round-trips through the dub part schema', () => {
    const draft = {
      ...EMPTY_DRAFT,
      videos: ['/v/a.mp4'],
      scripts: [{ path: '/v/x.srt', language: 'fr' as const, video: '/v/a.mp4' }],
      runs: { '/v/a.mp4#scripted': 'job-1' },
    };
    const part = dubPartSchema.parse(toDubPart(draft));
    expect({ ...EMPTY_DRAFT, ...fromDubPart(part) }).toEqual(draft);
  });

  it('keeps the cells left out through a save and a reload', () => {
    const store = useDubBatch.getState();
    store.load({ videos: ['/v/a.mp4', '/v/b.mp4'], languages: ['es', 'fr'] });
    const before = useDubBatch.getState().revision;
    store.toggleCells(['/v/b.mp4\u0000fr']);
    // A change autosave must write: leaving a cell out is part of the batch.
    expect(useDubBatch.getState().revision).toBeGreaterThan(before);
    const saved = JSON.parse(JSON.stringify(toDubPart(draftOf(useDubBatch.getState()))));
    expect(saved.excluded).toEqual([{ video: '/v/b.mp4', language: 'fr' }]);

    store.load({});
    expect(useDubBatch.getState().excluded).toEqual({});
    store.load(fromDubPart(dubPartSchema.parse(saved)));
    const reloaded = useDubBatch.getState();
    expect(reloaded.excluded).toEqual({ '/v/b.mp4\u0000fr': true });
    const planned = planOf(reloaded.videos, reloaded.languages, Object.keys(reloaded.excluded));
    // Left out after the reload: planned as skipped, in no request, and not in the total.
    expect(planned.rows[1]!.cells[1]!.excluded).toBe(true);
    expect(planned.rows[1]!.cells[1]!.requestKey).toBeNull();
    expect(planned.total).toBeLessThan(planOf(reloaded.videos, reloaded.languages).total);
  });

  it('reads an older part without left-out cells as none left out', () => {
    const part = dubPartSchema.parse({ videos: [{ path: '/v/a.mp4' }] });
    expect(fromDubPart(part).excluded).toEqual({});
  });
});

describe('Send to Dub from Subtitles', () => {
  it('gives a batch with no rows exactly the languages handed off', () => {
    // A new batch starts with Spanish and French; a Spanish script alone must not add French.
    useDubBatch.getState().load({});
    expect(useDubBatch.getState().languages).toEqual(['es', 'fr']);
    acceptHandoff({ videoPath: '/s/a.mp4', scripts: { es: '/s/a.es.srt' } });
    expect(useDubBatch.getState().languages).toEqual(['es']);
  });

  it('adds the handed-off languages to a batch that already has rows', () => {
    useDubBatch.getState().load({ videos: ['/v/old.mp4'], languages: ['es', 'fr'] });
    acceptHandoff({ videoPath: '/s/b.mp4', scripts: { de: '/s/b.de.srt', es: '/s/b.es.srt' } });
    const state = useDubBatch.getState();
    expect(state.languages).toEqual(['es', 'fr', 'de']);
    expect(state.videos).toEqual(['/v/old.mp4', '/s/b.mp4']);
  });

  it('keeps the languages of an empty batch when nothing usable was handed off', () => {
    useDubBatch.getState().load({ languages: ['it'] });
    acceptHandoff({ videoPath: '/s/c.mp4', scripts: { xx: '/s/c.xx.srt' } });
    expect(useDubBatch.getState().languages).toEqual(['it']);
  });

  it('adds the video and its scripts assigned to it, and their languages as columns', () => {
    useDubBatch.getState().load({ languages: ['es'] });
    const ignored = acceptHandoff({
      videoPath: '/s/interview.mp4',
      scripts: { es: '/s/out/interview-final.srt', de: '/s/out/interview-de.srt', xx: '/s/x.srt' },
    });
    const state = useDubBatch.getState();
    expect(ignored).toHaveLength(1);
    expect(state.videos).toEqual(['/s/interview.mp4']);
    expect(state.languages).toEqual(['es', 'de']);
    const planned = planDubBatch({
      videos: [{ path: '/s/interview.mp4', durationSeconds: 30, bytes: 10, hasVideo: true }],
      scripts: state.scripts,
      scriptFacts: [],
      settings: {
        languages: state.languages,
        ducking: true,
        lipsync: false,
        exportSrt: true,
        engine: 'local',
        maxUploadMb: 300,
      },
      account: {},
    });
    // Names that say nothing about the video still pair, because the handoff assigned them.
    expect(planned.unpaired).toEqual([]);
    expect(planned.rows[0]!.cells.map((c) => c.script)).toEqual([
      '/s/out/interview-final.srt',
      '/s/out/interview-de.srt',
    ]);
  });
});
