import { describe, expect, it } from 'vitest';
import { newProjectDocument, scorePartSchema } from '../../../../shared/domain/project/document';
import { planLanding } from '../../../../shared/domain/project/score-jobs';
import { currentDocument, useScoreStore } from './score-store';
import { addTake } from './take-edits';

function open(landedJobIds?: string[]) {
  const score = scorePartSchema.parse({ lanes: {}, ...(landedJobIds ? { landedJobIds } : {}) });
  const document = { ...newProjectDocument('p', 'a', 1), score };
  useScoreStore.getState().load({ path: '/p/a.soundstage', document, readOnly: false });
}

const take = {
  id: 't1',
  lane: 'music' as const,
  jobId: 'job-1',
  path: '/p/take.wav',
  label: 'Take',
  createdAt: 1,
  offsetMs: 0,
};

describe('the landed record beside the undo history', () => {
  it('records a landed take in the same edit, and undo keeps it landed', () => {
    open([]);
    addTake(take);
    const state = useScoreStore.getState();
    expect(state.history!.present.takes.map((t) => t.id)).toEqual(['t1']);
    expect(state.landedJobIds).toEqual(['job-1']);
    expect(state.revision).toBe(1);

    // Undo removes the take but not the record: the job does not land again.
    useScoreStore.getState().undo();
    const undone = useScoreStore.getState();
    expect(undone.history!.present.takes).toEqual([]);
    expect(undone.landedJobIds).toEqual(['job-1']);
    expect(currentDocument(undone, 5)!.score!.landedJobIds).toEqual(['job-1']);
    const plan = planLanding(
      [
        {
          id: 'job-1',
          request: {
            type: 'video_to_music',
            delivery: 'stream',
            fields: {},
            files: { video: '/p/clip.mp4' },
            label: 'm',
          },
          stage: 'succeeded',
          createdAt: 1,
          updatedAt: 2,
          finishedAt: 2,
          attempts: 0,
          files: [],
        },
      ],
      '/p/clip.mp4',
      { landedJobIds: undone.landedJobIds, takes: undone.history!.present.takes, savedAt: 0 },
    );
    expect(plan.land).toEqual([]);
  });

  it('keeps the record out of the undoable part and writes it back with the part', () => {
    open(['old-job']);
    const state = useScoreStore.getState();
    expect(state.history!.present.landedJobIds).toBeUndefined();
    expect(state.landedJobIds).toEqual(['old-job']);
    expect(currentDocument(state, 5)!.score!.landedJobIds).toEqual(['old-job']);
  });

  it('records a job with nothing to change as one write and no undo step', () => {
    open(undefined);
    useScoreStore.getState().edit('Land job', (part) => part, { landedJobIds: ['a', 'b'] });
    const state = useScoreStore.getState();
    expect(state.landedJobIds).toEqual(['a', 'b']);
    expect(state.history!.past).toHaveLength(0);
    expect(state.revision).toBe(1);
    // The same ids again change nothing, so autosave is not woken for them.
    useScoreStore.getState().edit('Land job', (part) => part, { landedJobIds: ['a'] });
    expect(useScoreStore.getState().revision).toBe(1);
  });
});
