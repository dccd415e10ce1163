import type { PromptLane, ScorePart, Take } from '../../../../shared/domain/project/document';
import type { Placement } from '../../../../shared/domain/timeline';
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

/**
 * A finished generation lands on its lane and becomes the one heard; its job is recorded as
 * landed in the same edit (score-store.ts `landedJobIds`).
 */
export function addTake(take: Take & { lane: PromptLane }): void {
  useScoreStore.getState().edit(
    `Add ${take.lane} take`,
    (part) =>
      part.takes.some((t) => t.id === take.id)
        ? part
        : {
            ...part,
            takes: [...part.takes, take],
            activeTakes: { ...part.activeTakes, [take.lane]: take.id },
          },
    take.jobId ? { landedJobIds: [take.jobId] } : {},
  );
}

/** A take moved or trimmed on the timeline: one undo step per gesture. */
export function placeTake(id: string, placement: Placement): void {
  useScoreStore.getState().edit('Move take', (part) => {
    const index = part.takes.findIndex((take) => take.id === id);
    const take = part.takes[index];
    if (!take) return part;
    const next: Take = { ...take, offsetMs: placement.offsetMs };
    if (placement.trimStartMs !== undefined) next.trimStartMs = placement.trimStartMs;
    if (placement.lengthMs !== undefined) next.lengthMs = placement.lengthMs;
    if (
      next.offsetMs === take.offsetMs &&
      next.trimStartMs === take.trimStartMs &&
      next.lengthMs === take.lengthMs
    )
      return part;
    const takes = part.takes.slice();
    takes[index] = next;
    return { ...part, takes };
  });
}

/**
 * Removes a take from the timeline (its file stays in the project folder, so Undo brings it
 * back). A prompt lane whose active take goes hears its newest remaining take.
 */
export function deleteTake(id: string): void {
  useScoreStore.getState().edit('Delete take', (part) => {
    const take = part.takes.find((t) => t.id === id);
    if (!take) return part;
    const takes = part.takes.filter((t) => t.id !== id);
    if (take.lane === 'audio' || part.activeTakes[take.lane] !== id) return { ...part, takes };
    const rest = takes.filter((t) => t.lane === take.lane);
    const activeTakes = { ...part.activeTakes };
    const newest = rest[rest.length - 1];
    if (newest) activeTakes[take.lane] = newest.id;
    else delete activeTakes[take.lane];
    return { ...part, takes, activeTakes };
  });
}

/** Imported audio lands on the audio lane, never the source lane; every imported file is heard. */
export function addImportedAudio(take: Take): void {
  useScoreStore
    .getState()
    .edit('Import audio', (part) =>
      part.takes.some((t) => t.id === take.id) ? part : { ...part, takes: [...part.takes, take] },
    );
}
