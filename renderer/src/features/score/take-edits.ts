import type { PromptLane, ScorePart, Take } from '../../../../shared/domain/project/document';
import { EMPTY_SCORE, useScoreStore } from './score-store';

export function takesOf(part: ScorePart, lane: PromptLane): Take[] {
  return part.takes.filter((take) => take.lane === lane);
}

/** The take after (or before) the active one on a lane, wrapping around; undefined if none. */
export function neighbourTake(part: ScorePart, lane: PromptLane, step: 1 | -1): Take | undefined {
  const takes = takesOf(part, lane);
  if (takes.length === 0) return undefined;
  const index = takes.findIndex((take) => take.id === part.activeTakes[lane]);
  return takes[(index + step + takes.length) % takes.length];
}

export function chooseTake(lane: PromptLane, id: string): void {
  useScoreStore
    .getState()
    .edit(`Choose ${lane} take`, (part) =>
      part.activeTakes[lane] === id
        ? part
        : { ...part, activeTakes: { ...part.activeTakes, [lane]: id } },
    );
}

/** [ / ]: A/B between the takes of a lane; the playhead stays where it is. */
export function cycleTake(lane: PromptLane, step: 1 | -1): void {
  const next = neighbourTake(useScoreStore.getState().history?.present ?? EMPTY_SCORE, lane, step);
  if (next) chooseTake(lane, next.id);
}

/** A finished generation lands on its lane and becomes the one heard. */
export function addTake(take: Take): void {
  useScoreStore.getState().edit(`Add ${take.lane} take`, (part) =>
    part.takes.some((t) => t.id === take.id)
      ? part
      : {
          ...part,
          takes: [...part.takes, take],
          activeTakes: { ...part.activeTakes, [take.lane]: take.id },
        },
  );
}
