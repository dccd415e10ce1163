import { memo, useMemo } from 'react';
import { useStore } from 'zustand';
import { useUndoableDocument } from '../../editor/history';
import { EmptyState } from '../../ui/EmptyState';
import { VideoPlayer } from '../../editor/media/VideoPlayer';
import { AddLanguage } from './AddLanguage';
import { CueTable } from './CueTable';
import { CueToolbar } from './CueToolbar';
import { ExportBar } from './ExportBar';
import { FindReplace } from './FindReplace';
import { GlossaryEditor } from './GlossaryEditor';
import { fileName } from './import-script';
import { QcPanel } from './QcPanel';
import { subsDocument, useSubsView } from './subs-store';
import { OverlayLanguage, SubsOverlay } from './SubsOverlay';
import { SpellBar } from './SpellBar';
import { SubsWaveform } from './SubsWaveform';
import { useSubsChecks } from './use-subs-checks';
import { useSubsCommands } from './subs-commands';
import { useSubsMedia } from './use-subs-media';
import { WorkspaceBar } from './WorkspaceBar';
import './subtitles.css';

const TOOLS = [
  ['qc', 'Checks'],
  ['find', 'Find & replace'],
  ['glossary', 'Glossary'],
] as const;

type SubsMedia = ReturnType<typeof useSubsMedia>;

/**
 * The subtitle editor: picture and waveform above, the cue table and its tools below. The
 * video's queries live out here, keyed by the video's path alone, so a keystroke does not run
 * them again (docs/subtitles.md, "Speed").
 */
export function SubtitlesWorkspace() {
  const videoPath = useStore(subsDocument, (s) => s.history.present.video?.path);
  const media = useSubsMedia(videoPath);
  return <ScriptEditor media={media} />;
}

/** Everything that follows the script: redrawn on each edit, with its parts memoised. */
const ScriptEditor = memo(function ScriptEditor({ media }: { media: SubsMedia }) {
  const {
    value: part,
    canUndo,
    canRedo,
    undo,
    redo,
  } = useUndoableDocument(subsDocument, 'Subtitles');
  // Checks run in the same render as the edit: incremental QC re-measures only the edited cue,
  // so deferring them would only add a second render and a second frame per key press.
  const checks = useSubsChecks(part);
  // The Checks tab lists glossary problems too, so its count includes them.
  const checkCount = checks.issues.length + checks.glossary.length;
  useSubsCommands(checks.issues);
  const tool = useSubsView((s) => s.tool);
  const setView = useSubsView((s) => s.set);
  const hasScript = Object.keys(part.languages).length > 0;
  const timingCues = useMemo(
    () => part.languages[part.shown[0] ?? ''] ?? [],
    [part.languages, part.shown],
  );

  return (
    <section className="subs-workspace" aria-label="Subtitles editor" data-testid="subs-workspace">
      <WorkspaceBar
        videoPath={part.video?.path}
        canUndo={canUndo}
        canRedo={canRedo}
        undo={undo}
        redo={redo}
      />
      {!hasScript ? (
        <EmptyState title="No subtitles open">
          Import .srt or .vtt files (one per language: <code>clip.en.srt</code>,{' '}
          <code>clip.es.srt</code>), or use “Edit subtitles” on a finished Proofread job in Jobs.
        </EmptyState>
      ) : (
        <>
          {part.video && (
            <div className="subs-media">
              <div className="subs-picture">
                <VideoPlayer
                  src={media.videoUrl}
                  name={fileName(part.video.path)}
                  overlay={<SubsOverlay part={part} />}
                />
                <OverlayLanguage part={part} />
              </div>
              {media.durationMs > 0 ? (
                <SubsWaveform
                  peaks={media.peaks}
                  durationMs={media.durationMs}
                  cues={timingCues}
                  shotsMs={media.shotsMs}
                />
              ) : (
                <p className="small muted">
                  {media.error ? `No waveform: ${media.error.message}` : 'Loading waveform…'}
                </p>
              )}
            </div>
          )}
          <CueToolbar />
          <div className="row subs-workspace__tools-bar">
            <AddLanguage part={part} />
            <SpellBar shown={part.shown} />
          </div>
          <div className="subs-main">
            <CueTable part={part} checks={checks} fps={media.fps} />
            <aside className="subs-tools" aria-label="Subtitle tools">
              <div className="subs-tools__tabs" role="tablist">
                {TOOLS.map(([id, label]) => (
                  <button
                    key={id}
                    type="button"
                    role="tab"
                    aria-selected={tool === id}
                    className={`subs-tools__tab${tool === id ? ' is-active' : ''}`}
                    onClick={() => setView({ tool: id })}
                  >
                    {label}
                    {id === 'qc' && checkCount > 0 ? ` (${checkCount})` : ''}
                  </button>
                ))}
              </div>
              <div role="tabpanel" className="subs-tools__panel">
                {tool === 'qc' && <QcPanel part={part} checks={checks} />}
                {tool === 'find' && <FindReplace part={part} />}
                {tool === 'glossary' && <GlossaryEditor part={part} />}
              </div>
            </aside>
          </div>
          <ExportBar part={part} />
        </>
      )}
    </section>
  );
});
