import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { AnalyseButton } from './AnalyseButton';
import { ExportDialog } from './ExportDialog';
import { GenerateControls } from './GenerateControls';
import { ImportAudio } from './ImportAudio';
import { LanePrompts } from './LanePrompts';
import { MediaSteps } from './MediaSteps';
import { MixPanel } from './MixPanel';
import { MixPreview } from './MixPreview';
import { PromptPanels } from './PromptPanels';
import { ScoreTimeline } from './ScoreTimeline';
import { followLoop } from './loop-store';
import { useScoreCommands } from './score-commands';
import { useScorePart, useScoreStore } from './score-store';
import { TransportBar } from './TransportBar';
import { useProjectSaving } from './use-autosave';
import { useJobOutcomes } from './use-job-outcomes';
import type { ProjectOpener } from './use-project-opener';
import { useScoreMedia } from './use-score-media';
import { VideoPlayer } from '../../editor/media/VideoPlayer';
import { WorkspaceHeader } from './WorkspaceHeader';
import type { TimelineHandle } from '../../editor/timeline';
import { useUndoClaim } from './use-undo-claim';

/** The open project: picture and transport, the timeline, the mix, and the paid actions. */
export function ScoreWorkspace({ opener }: { opener: ProjectOpener }) {
  const part = useScorePart();
  const project = useScoreStore((s) => s.project)!;
  const media = useScoreMedia();
  const { status, saveNow } = useProjectSaving();
  const [exportOpen, setExportOpen] = useState(false);
  const video = part.video;
  const durationMs = video?.durationMs ?? 0;
  const fps = video?.fps ?? 25;
  const jobsChecked = useJobOutcomes();

  const timeline = useRef<TimelineHandle>(null);
  const zoom = useMemo(
    () => ({
      zoomIn: () => timeline.current?.zoomIn(),
      zoomOut: () => timeline.current?.zoomOut(),
      fit: () => timeline.current?.fit(),
    }),
    [],
  );
  // A newly opened video starts fitted to the width; zoom is view state, not saved per edit.
  useEffect(() => {
    if (durationMs > 0) requestAnimationFrame(() => timeline.current?.fit());
  }, [durationMs, project.path]);
  const save = useCallback(() => void saveNow(), [saveNow]);
  const openExport = useCallback(() => setExportOpen(true), []);
  useScoreCommands({
    shotsMs: media.shotsMs,
    detectedMs: media.detectedMs,
    fps,
    openExport,
    save,
    zoom,
  });
  // The preview loops the region while the loop is on (loop-store.ts).
  useEffect(() => followLoop(), []);
  useUndoClaim();

  const notices = opener.verdict?.notices ?? [];
  return (
    <div
      className="score-workspace"
      data-jobs={jobsChecked === project.path ? 'landed' : 'loading'}
    >
      <WorkspaceHeader status={status} onSave={save} />
      {project.readOnly && (
        <Notice tone="warn" title="Opened read-only" testId="score-readonly">
          {project.notice ?? 'This project cannot be changed here.'} The file is never overwritten;
          open the video again to start a new project from it.
        </Notice>
      )}
      {notices.map((notice) => (
        <Notice key={notice} tone="info" title={notice} testId="score-notice" />
      ))}
      {!video && (
        <Notice tone="warn" title="This project has no video">
          Drop a video on the screen to score it.
        </Notice>
      )}

      <div className="score-stage">
        <div className="score-stage__picture">
          <VideoPlayer src={media.videoUrl} name={video?.path.split(/[\\/]/).pop() ?? ''} />
          <TransportBar durationMs={durationMs} fps={fps} />
          <MediaSteps steps={media.steps} />
        </div>
        <aside className="score-stage__side">
          <div className="score-actions" role="toolbar" aria-label="Score actions">
            <AnalyseButton blocked={opener.verdict?.blocked.analyse} />
            <LanePrompts />
            <GenerateControls verdict={opener.verdict} />
            <ImportAudio />
            <div className="score-action">
              <Button
                data-testid="score-export"
                onClick={openExport}
                disabled={!video}
                title="Export the mix (Ctrl+E)"
              >
                Export…
              </Button>
            </div>
          </div>
          <MixPanel />
        </aside>
      </div>

      <ScoreTimeline
        durationMs={durationMs}
        peaks={media.peaks}
        shotsMs={media.shotsMs}
        detectedMs={media.detectedMs}
        handle={timeline}
      />
      <MixPreview peaks={media.peaks} />
      <PromptPanels collapsible />
      <ExportDialog open={exportOpen} onClose={() => setExportOpen(false)} />
    </div>
  );
}
