import { formatAgo } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { SaveIcon } from '../../ui/icons';
import { closeProject } from '../../editor/project/open-project-store';
import { ProjectBar } from '../../editor/project/ProjectBar';
import { useScoreStore, useUndoDepth } from './score-store';
import type { SaveStatus } from './use-autosave';

function SaveState({ status }: { status: SaveStatus }) {
  const now = useNow(10_000);
  const text =
    status.state === 'pending'
      ? 'Unsaved changes'
      : status.state === 'saving'
        ? 'Saving…'
        : status.state === 'error'
          ? `Not saved: ${status.message}`
          : status.at
            ? `${status.autosave ? 'Autosaved' : 'Saved'} ${formatAgo(status.at, now)}`
            : 'Saved';
  return (
    <span
      className={`small ${status.state === 'error' ? 'score-action__reason' : 'muted'}`}
      data-testid="score-save-state"
      data-state={status.state}
      role="status"
    >
      {text}
    </span>
  );
}

/** Project name, save state, undo count and the project's own actions. */
export function WorkspaceHeader({ status, onSave }: { status: SaveStatus; onSave: () => void }) {
  const project = useScoreStore((s) => s.project);
  const depth = useUndoDepth();
  if (!project) return null;
  return (
    <header className="score-header">
      <div className="score-header__title">
        <h2 title={project.path}>{project.document.name}</h2>
        {project.readOnly && <Badge tone="warn">Read-only</Badge>}
        <SaveState status={status} />
      </div>
      <div className="row">
        <ProjectBar kind="score" />
        <span className="small muted nums" title="Undo steps (Ctrl+Z)">
          Undo <span data-testid="undo-depth">{depth}</span>
        </span>
        <Button
          size="small"
          icon={<SaveIcon />}
          disabled={project.readOnly}
          onClick={onSave}
          title="Save (Ctrl+S)"
        >
          Save
        </Button>
        <Button
          size="small"
          variant="ghost"
          onClick={() => {
            onSave();
            void closeProject().then(() => useScoreStore.getState().close());
          }}
          title="Save and close the project"
        >
          Close
        </Button>
      </div>
    </header>
  );
}
