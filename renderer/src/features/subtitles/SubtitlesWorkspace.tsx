import { useMemo } from 'react';
import { useUndoableDocument } from '../../editor/history';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { VideoPlayer } from '../../editor/media/VideoPlayer';
import { ProjectBar } from '../../editor/project/ProjectBar';
import { AddLanguage } from './AddLanguage';
import { CueTable } from './CueTable';
import { CueToolbar } from './CueToolbar';
import { ExportBar } from './ExportBar';
import { FindReplace } from './FindReplace';
import { GlossaryEditor } from './GlossaryEditor';
import { ImportBar } from './ImportBar';
import { fileName } from './import-script';
import { QcPanel } from './QcPanel';
import { subsDocument, useSubsView } from './subs-store';
import { SubsOverlay } from './SubsOverlay';
import { SpellBar } from './SpellBar';
import { SubsWaveform } from './SubsWaveform';
import { useSubsAutosave } from './use-subs-autosave';
import { useSubsChecks } from './use-subs-checks';
import { useSubsCommands } from './subs-commands';
import { useSubsMedia } from './use-subs-media';
import './subtitles.css';

const TOOLS = [
  ['qc', 'Checks'],
  ['find', 'Find & replace'],
  ['glossary', 'Glossary'],
] as const;

const SAVE_TEXT = {
  none: 'Not saved to a project: start one with New project to autosave',
  pending: 'Unsaved changes…',
  saved: 'Autosaved',
  error: 'Autosave failed',
} as const;

/** The subtitle editor: picture and waveform above, the cue table and its tools below. */
export function SubtitlesWorkspace() {
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
  useSubsCommands(checks.issues);
  const media = useSubsMedia(part.video?.path);
  const save = useSubsAutosave();
  const tool = useSubsView((s) => s.tool);
  const setView = useSubsView((s) => s.set);
  const hasScript = Object.keys(part.languages).length > 0;
  const timingCues = useMemo(
    () => part.languages[part.shown[0] ?? ''] ?? [],
    [part.languages, part.shown],
  );

  return (
    <section className="subs-workspace" aria-label="Subtitles editor" data-testid="subs-workspace">
      <header className="subs-workspace__bar">
        <ImportBar videoPath={part.video?.path} />
        <div className="row">
          <ProjectBar kind="subtitles" />
          <Button size="small" variant="ghost" disabled={!canUndo} onClick={undo} aria-label="Undo">
            Undo
          </Button>
          <Button size="small" variant="ghost" disabled={!canRedo} onClick={redo} aria-label="Redo">
            Redo
          </Button>
          <span className="small muted" role="status" data-testid="subs-save-state">
            {SAVE_TEXT[save.state]}
            {save.message ? `: ${save.message}` : ''}
          </span>
        </div>
      </header>
      {!hasScript ? (
        <EmptyState title="No subtitles open">
          Import .srt or .vtt files (one per language: <code>clip.en.srt</code>,{' '}
          <code>clip.es.srt</code>), or use “Edit subtitles” on a finished Proofread job in Jobs.
        </EmptyState>
      ) : (
        <>
          {part.video && (
            <div className="subs-media">
              <VideoPlayer
                src={media.videoUrl}
                name={fileName(part.video.path)}
                overlay={<SubsOverlay part={part} />}
              />
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
            <SpellBar part={part} />
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
                    {id === 'qc' && checks.issues.length > 0 ? ` (${checks.issues.length})` : ''}
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
}
