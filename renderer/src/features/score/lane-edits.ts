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
  setPrompt,
  splitSegment,
} from '../../../../shared/domain/timeline';
import { useScoreStore } from './score-store';
import { useTransport } from '../../editor/media/transport-store';

export function newId(): string {
  return crypto.randomUUID();
}

function withLane(part: ScorePart, lane: PromptLane, segments: TimelineSegment[]): ScorePart {
  return { ...part, lanes: { ...part.lanes, [lane]: segments } };
}

/** One undoable change to a lane through a pure timeline edit. */
export function editLane(
  lane: PromptLane,
  label: string,
  change: (segments: TimelineSegment[], part: ScorePart) => { segments: TimelineSegment[] },
  coalesceKey?: string,
): void {
  useScoreStore.getState().edit(
    label,
    (part) => {
      const next = change(part.lanes[lane], part).segments;
      return next === part.lanes[lane] ? part : withLane(part, lane, next);
    },
    coalesceKey ? { coalesceKey } : {},
  );
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
  const selected = useTransport.getState().selected;
  if (!selected) return;
  editLane(selected.lane, 'Delete segment', (segments) => deleteSegment(segments, selected.id));
  useTransport.getState().set({ selected: null });
}

/**
 * Shift+Delete: ripple delete of the selected segment (later prompts come sooner by its length;
 * the lane keeps its end), one undo step. Only segments ripple: a take or shot change selected
 * instead has no lane order to close up, so nothing happens.
 */
export function rippleDeleteSelected(): void {
  const selected = useTransport.getState().selected;
  if (!selected) return;
  editLane(selected.lane, 'Ripple delete segment', (segments) =>
    rippleDeleteSegment(segments, selected.id),
  );
  useTransport.getState().set({ selected: null });
}

/** I / O: the selected segment's start or end moves to the playhead (neighbours follow). */
export function setSelectedEdge(which: 'start' | 'end', snapTargetsMs: readonly number[]): void {
  const selected = useTransport.getState().selected;
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
