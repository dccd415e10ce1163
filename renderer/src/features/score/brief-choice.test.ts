import { describe, expect, it } from 'vitest';
import { newProjectDocument } from '../../../../shared/domain/project/document';
import { applyBrief, chooseVariation, useBriefChoice } from './brief-choice';
import { useScoreStore } from './score-store';

const brief = {
  task_id: 't',
  status: 'succeeded',
  mode: 'both',
  segments: [{ start: 0, end: 12, label: 'all', prompt: 'soft pads' }],
  variations: [{ prompt: 'Take A: warm' }, { prompt: 'Take B: dark' }],
  sfx_segments: [{ start: 0, end: 12, label: 'none', prompt: 'room tone' }],
  sfx_prompt: 'Sound design',
};

describe('choosing a brief variation', () => {
  it('replaces both lanes with the chosen music prompt as one undo step', () => {
    useScoreStore.getState().load({
      path: '/p/a.soundstage',
      document: newProjectDocument('p', 'a', 1),
      readOnly: false,
    });
    expect(applyBrief(brief, 0, 'Apply brief')).toBeUndefined();
    expect(useBriefChoice.getState().variations).toEqual(['Take A: warm', 'Take B: dark']);
    const applied = useScoreStore.getState().history!.present;

    expect(chooseVariation(1)).toBeUndefined();
    const chosen = useScoreStore.getState().history!.present;
    expect(chosen.prompts).toEqual({ music: 'Take B: dark', sfx: 'Sound design' });
    expect(chosen.lanes.music.map((s) => s.prompt)).toEqual(['soft pads']);
    expect(chosen.lanes.sfx.map((s) => s.prompt)).toEqual(['room tone']);
    expect(useBriefChoice.getState().chosen).toBe(1);

    // One Ctrl+Z brings back the first variation's lanes and prompt, not a half-applied state.
    useScoreStore.getState().undo();
    expect(useScoreStore.getState().history!.present).toBe(applied);
    expect(useScoreStore.getState().history!.present.prompts?.music).toBe('Take A: warm');
  });
});
