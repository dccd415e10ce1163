import {
  addShot,
  nearestShot,
  NO_SHOT_EDITS,
  removeShot,
  type ShotEdits,
} from '../../../../shared/domain/timeline';
import type { ScorePart } from '../../../../shared/domain/project/document';
import { formatTimecode } from '../../editor/timeline/segment-name';
import { useTransport } from '../../editor/media/transport-store';
import { useScoreStore } from './score-store';
import { useShotSelection } from './take-selection';

function applyShotEdit(label: string, change: (edits: ShotEdits) => ShotEdits): void {
  useScoreStore.getState().edit(label, (part): ScorePart => {
    const edits = part.shots ?? NO_SHOT_EDITS;
    const next = change(edits);
    if (next === edits) return part;
    return { ...part, shots: { addedMs: [...next.addedMs], removedMs: [...next.removedMs] } };
  });
}

/** M: a shot change at the playhead (one undo step); nothing when one is already there. */
export function addShotAtPlayhead(detectedMs: readonly number[]): void {
  const atMs = Math.round(useTransport.getState().playheadMs);
  applyShotEdit(`Add shot change at ${formatTimecode(atMs)}`, (edits) =>
    addShot(edits, detectedMs, atMs),
  );
  useShotSelection.setState({ ms: null });
}

/**
 * Shift+M: removes the selected shot change, or the one nearest the playhead when none is
 * selected (one undo step). Returns the time removed, if any.
 */
export function removeShotChange(
  detectedMs: readonly number[],
  shownMs: readonly number[],
): number | undefined {
  const selected = useShotSelection.getState().ms;
  const target =
    selected !== null && shownMs.includes(selected)
      ? selected
      : nearestShot(shownMs, useTransport.getState().playheadMs);
  if (target === undefined) return undefined;
  applyShotEdit(`Remove shot change at ${formatTimecode(target)}`, (edits) =>
    removeShot(edits, detectedMs, target),
  );
  useShotSelection.setState({ ms: null });
  return target;
}
