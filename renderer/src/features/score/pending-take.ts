import type { PromptLane } from '../../../../shared/domain/project/document';
import type { ScoreJobKind } from '../../../../shared/domain/project/score-jobs';

/** The row a running generation shows on a take lane, or null when it lands elsewhere. */
export function pendingTakeLabel(kind: ScoreJobKind, lane: PromptLane): string | null {
  if (kind === 'analyse') return null;
  if (lane === 'music' && kind === 'music') return 'Generating music…';
  if (lane === 'music' && kind === 'both') return 'Generating music + SFX…';
  if (lane === 'sfx' && kind === 'sfx') return 'Generating SFX…';
  return null;
}
