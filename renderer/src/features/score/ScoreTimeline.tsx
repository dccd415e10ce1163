import { useMemo, useRef, type Ref } from 'react';
import type { PromptLane, TimelineSegment } from '../../../../shared/domain/project/document';
import {
  Timeline,
  type DecodedPeaks,
  type TimelineHandle,
  type TimelineLane,
} from '../../editor/timeline';
import { pendingTakeLabel } from './pending-take';
import { useRunningScoreJobs } from './use-project-jobs';
import { editLane, editPrompt } from './lane-edits';
import * as player from '../../editor/media/player';
import { useScorePart, useScoreStore } from './score-store';
import { chooseTake, deleteTake, placeTake, takesOf } from './take-edits';
import { takeLetter } from './take-label';
import { selectShot, selectTake, useShotSelection, useTakeSelection } from './take-selection';
import { removeShotChange } from './shot-edits';
import { ShotTools } from './ShotTools';
import { EditStatus } from './edit-status';
import { useLoop, useLoopRegion } from './loop-store';
import { useTakePeaks } from './use-take-peaks';
import { useMixPeaks } from './use-mix-peaks';
import type { Take } from '../../../../shared/domain/project/document';
import { useTransport } from '../../editor/media/transport-store';

const isPromptLane = (id: string): id is PromptLane => id === 'music' || id === 'sfx';

/**
 * The shared timeline component wired to the Score document: lanes from the score part, edge
 * drags and prompt edits as undoable edits, takes as A/B rows, the playhead from the player.
 */
export function ScoreTimeline({
  durationMs,
  peaks,
  shotsMs,
  detectedMs,
  handle,
}: {
  durationMs: number;
  peaks: DecodedPeaks | undefined;
  /** Shot changes as shown (detected and edited by hand); `detectedMs` as found by the scan. */
  shotsMs: readonly number[];
  detectedMs: readonly number[];
  handle?: Ref<TimelineHandle>;
}) {
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const playheadMs = useTransport((s) => s.playheadMs);
  const pxPerSecond = useTransport((s) => s.pxPerSecond);
  const snapping = useTransport((s) => s.snapping);
  const selected = useTransport((s) => s.selected);
  const set = useTransport((s) => s.set);
  const running = useRunningScoreJobs();
  const fallbackRef = useRef<TimelineHandle>(null);
  const selectedTakeId = useTakeSelection((s) => s.takeId);
  const selectedShotMs = useShotSelection((s) => s.ms);
  const takePeaks = useTakePeaks(part.takes);
  const mixPeaks = useMixPeaks(part, peaks, takePeaks);
  const looping = useLoop((s) => s.enabled);
  const loopRegion = useLoopRegion();

  const lanes = useMemo((): TimelineLane[] => {
    const { mix } = part;
    const generating = (lane: PromptLane) =>
      running
        .filter((entry) => pendingTakeLabel(entry.kind, lane))
        .map(({ job, kind }) => ({
          id: job.id,
          label: pendingTakeLabel(kind, lane)!,
          active: false,
          generating: true,
        }));
    const row = (take: Take, active: boolean) => {
      const peaksOfTake = take.path ? takePeaks.get(take.path) : undefined;
      return {
        id: take.id,
        label: take.label,
        active,
        offsetMs: take.offsetMs,
        ...(take.trimStartMs !== undefined ? { trimStartMs: take.trimStartMs } : {}),
        ...(take.lengthMs !== undefined ? { lengthMs: take.lengthMs } : {}),
        ...(take.fileDurationMs !== undefined
          ? { fileDurationMs: take.fileDurationMs }
          : peaksOfTake
            ? { fileDurationMs: peaksOfTake.durationMs }
            : {}),
        ...(peaksOfTake ? { peaks: peaksOfTake } : {}),
      };
    };
    const takeRows = (lane: PromptLane) => [
      ...takesOf(part, lane).map((take, index) => ({
        ...row(take, part.activeTakes[lane] === take.id),
        letter: takeLetter(index),
      })),
      ...generating(lane),
    ];
    return [
      part.video?.hasAudio
        ? {
            kind: 'source',
            id: 'source',
            label: 'Source',
            ...(peaks ? { peaks } : {}),
            muted: mix.source.muted,
          }
        : { kind: 'source', id: 'source', label: 'Source', note: 'This video has no sound' },
      {
        kind: 'music',
        id: 'music',
        label: 'Music',
        segments: part.lanes.music,
        muted: mix.music.muted,
      },
      {
        kind: 'take',
        id: 'music-takes',
        label: 'Music takes',
        takes: takeRows('music'),
        takeLane: 'music',
        muted: mix.music.muted,
      },
      { kind: 'sfx', id: 'sfx', label: 'SFX', segments: part.lanes.sfx, muted: mix.sfx.muted },
      {
        kind: 'take',
        id: 'sfx-takes',
        label: 'SFX takes',
        takes: takeRows('sfx'),
        takeLane: 'sfx',
        muted: mix.sfx.muted,
      },
      {
        kind: 'take',
        id: 'audio',
        label: 'Audio',
        takes: part.takes.filter((take) => take.lane === 'audio').map((take) => row(take, true)),
        takeLane: 'audio',
        allHeard: true,
        muted: mix.audio.muted,
      },
      {
        kind: 'mix',
        id: 'mix',
        label: 'Mix',
        ...(mixPeaks ? { peaks: mixPeaks } : {}),
        ...(part.video ? {} : { note: 'No video' }),
      },
    ];
  }, [part, peaks, running, takePeaks, mixPeaks]);

  const commit = (laneId: string, segments: TimelineSegment[]) => {
    if (readOnly || !isPromptLane(laneId)) return;
    editLane(laneId, 'Move edge', () => ({ segments }));
  };

  return (
    <Timeline
      ref={handle ?? fallbackRef}
      durationMs={durationMs}
      playheadMs={playheadMs}
      onSeek={player.seek}
      pxPerSecond={pxPerSecond}
      onZoom={(next) => set({ pxPerSecond: next })}
      shotsMs={shotsMs}
      tools={
        <>
          <EditStatus />
          <ShotTools shotsMs={shotsMs} detectedMs={detectedMs} />
        </>
      }
      {...(readOnly
        ? {}
        : {
            shotActions: {
              selectedMs: selectedShotMs,
              onSelect: (ms: number) => {
                selectShot(ms);
                player.seek(ms);
              },
              onRemove: (ms: number) => {
                selectShot(ms);
                removeShotChange(detectedMs, shotsMs);
              },
            },
          })}
      lanes={lanes}
      snapping={snapping}
      onSnappingChange={(on) => set({ snapping: on })}
      selectedSegmentId={selected?.id ?? null}
      onSelectSegment={(laneId, id) => {
        if (!isPromptLane(laneId)) return;
        set({ selected: { lane: laneId, id } });
        selectTake(null);
        selectShot(null);
      }}
      selectedTakeId={selectedTakeId}
      onSelectTake={(_laneId, takeId) => selectTake(takeId)}
      onPlaceTake={(_laneId, takeId, placement) => placeTake(takeId, placement)}
      onDeleteTake={(_laneId, takeId) => {
        deleteTake(takeId);
        selectTake(null);
      }}
      onEdgeDragCommit={commit}
      {...(readOnly
        ? {}
        : {
            onEditPrompt: (laneId: string, id: string, text: string) =>
              isPromptLane(laneId) && editPrompt(laneId, id, text),
          })}
      onActivateTake={(laneId, takeId) =>
        laneId === 'music-takes' ? chooseTake('music', takeId) : chooseTake('sfx', takeId)
      }
      frameMs={1000 / (part.video?.fps ?? 25)}
      loopRegion={looping ? loopRegion : null}
    />
  );
}
