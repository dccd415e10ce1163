import { memo } from 'react';
import { ProjectBar } from '../../editor/project/ProjectBar';
import { Button } from '../../ui/Button';
import { ImportBar } from './ImportBar';
import { useSubsAutosave } from './use-subs-autosave';

const SAVE_TEXT = {
  none: 'No project yet: the first file you bring in starts one that autosaves',
  pending: 'Unsaved changes…',
  saved: 'Autosaved',
  error: 'Autosave failed',
} as const;

export interface WorkspaceBarProps {
  videoPath: string | undefined;
  canUndo: boolean;
  canRedo: boolean;
  undo: () => void;
  redo: () => void;
}

/**
 * The Subtitles screen's top bar: import, the project, undo/redo and the autosave state. Its
 * props stay equal while a cue is typed (the store's undo and redo are the same functions), so
 * a keystroke does not redraw it or the project dialog inside (docs/subtitles.md, "Speed").
 */
export const WorkspaceBar = memo(function WorkspaceBar(props: WorkspaceBarProps) {
  const { videoPath, canUndo, canRedo, undo, redo } = props;
  const save = useSubsAutosave();
  return (
    <header className="subs-workspace__bar">
      <ImportBar videoPath={videoPath} />
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
  );
});
