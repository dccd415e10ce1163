import type {
  PromptLane,
  ScorePart,
  TimelineSegment,
} from '../../../../shared/domain/project/document';
import {
  DEFAULT_MIN_SEGMENT_MS,
  deleteSegment,
  insertSegment,
  laneEdgesMs,
  moveBoundary,
  rippleDeleteSegment,
  type LaneProblem,
  setPrompt,
  splitSegment,
} from '../../../../shared/domain/timeline';
import { useScoreStore } from './score-store';
import { useTransport, type SelectedSegment } from '../../editor/media/transport-store';
import { clearEditStatus, showEditStatus } from './edit-status';

export function newId(): string {
  return crypto.randomUUID();
}

function withLane(part: ScorePart, lane: PromptLane, segments: TimelineSegment[]): ScorePart {
  return { ...part, lanes: { ...part.lanes, [lane]: segments } };
}

/**
 * One undoable change to a lane through a pure timeline edit. An edit the domain refused (it
 * returned the lane itself, with a reason) shows that reason, so a key that cannot act says why
 * instead of doing nothing; one that changed the lane clears the last reason.
 */
export function editLane(
  lane: PromptLane,
  label: string,
  change: (
    segments: TimelineSegment[],
    part: ScorePart,
  ) => { segments: TimelineSegment[]; problems?: readonly LaneProblem[] },
  coalesceKey?: string,
): void {
  let refusal: string | undefined;
  useScoreStore.getState().edit(
    label,
    (part) => {
      const edit = change(part.lanes[lane], part);
      if (edit.segments === part.lanes[lane]) {
        refusal = edit.problems?.[0]?.message;
        return part;
      }
      return withLane(part, lane, edit.segments);
    },
    coalesceKey ? { coalesceKey } : {},
  );
  if (refusal) showEditStatus(refusal);
  else clearEditStatus();
}

/** The keys that act on the selected segment say so when none is selected. */
function selectedSegment(unselected: string): SelectedSegment | null {
  const selected = useTransport.getState().selected;
  if (!selected) showEditStatus(unselected);
  return selected;
}

/** The lane keyboard edits act on: the selected segment's lane, else music. */
export function targetLane(): PromptLane {
  return useTransport.getState().selected?.lane ?? 'music';
}

export function splitAtPlayhead(): void {
  const at = Math.round(useTransport.getState().playheadMs);
  editLane(targetLane(), 'Split segment', (segments) => splitSegment(segments, at, newId()));
}

/** Insert / +: a new segment at the playhead on the target lane (the lane's rules kept). */
export function insertAtPlayhead(): void {
  const at = Math.round(useTransport.getState().playheadMs);
  editLane(targetLane(), 'New segment', (segments, part) =>
    insertSegment(segments, at, newId(), {
      durationMs: part.video?.durationMs ?? at,
      prompt: 'New section',
    }),
  );
}

export function deleteSelected(): void {
  const selected = selectedSegment('Select a segment, take or shot change first to delete it.');
  if (!selected) return;
  editLane(selected.lane, 'Delete segment', (segments) => deleteSegment(segments, selected.id));
  useTransport.getState().set({ selected: null });
}

/**
 * Shift+Delete: ripple delete of the selected segment (later prompts come sooner by its length;
 * the lane keeps its end), one undo step. Only segments ripple: a take or shot change has no
 * lane order to close up, so with one of those selected the key says a segment is needed.
 */
export function rippleDeleteSelected(): void {
  const selected = selectedSegment('Select a music or SFX segment first to ripple delete it.');
  if (!selected) return;
  editLane(selected.lane, 'Ripple delete segment', (segments) =>
    rippleDeleteSegment(segments, selected.id),
  );
  useTransport.getState().set({ selected: null });
}

/** I / O: the selected segment's start or end moves to the playhead (neighbours follow). */
export function setSelectedEdge(which: 'start' | 'end', snapTargetsMs: readonly number[]): void {
  const selected = selectedSegment(
    `Select a music or SFX segment first to move its ${which} to the playhead.`,
  );
  if (!selected) return;
  const at = Math.round(useTransport.getState().playheadMs);
  editLane(selected.lane, which === 'start' ? 'Set start' : 'Set end', (segments, part) => {
    const index = segments.findIndex((s) => s.id === selected.id);
    if (index < 0) return { segments };
    return moveBoundary(segments, which === 'start' ? index : index + 1, at, {
      durationMs: part.video?.durationMs ?? at,
      snapTargetsMs: [...snapTargetsMs],
      snapToleranceMs: 0,
      minLengthMs: DEFAULT_MIN_SEGMENT_MS,
    });
  });
}

export function editPrompt(lane: PromptLane, id: string, prompt: string): void {
  editLane(lane, 'Edit prompt', (segments) => setPrompt(segments, id, prompt), `prompt:${id}`);
}

/** Every segment edge of both lanes, for ↑/↓ and as snap targets. */
export function segmentEdgesMs(part: ScorePart): number[] {
  const edges = new Set([...laneEdgesMs(part.lanes.music), ...laneEdgesMs(part.lanes.sfx)]);
  return [...edges].sort((a, b) => a - b);
}
