import { formatAgo } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { settleRecovered, useOpenProject } from './open-project-store';

/**
 * What the user must know about the open project, above any workspace: why it is read-only
 * (another window holds it, or the file is newer or damaged), an autosave that could not write
 * (edits kept in memory and a recovery file), and kept edits offered for restore.
 */
export function ProjectBanners() {
  const project = useOpenProject((s) => s.project);
  const save = useOpenProject((s) => s.save);
  const recovered = useOpenProject((s) => s.recovered);
  const now = useNow(10_000);
  if (!project) return null;
  return (
    <>
      {project.readOnly && (
        <Notice tone="warn" title="Read-only" testId="project-read-only">
          {project.notice ?? 'This project cannot be changed here.'}
        </Notice>
      )}
      {save.state === 'error' && (
        <Notice
          tone="danger"
          title="Autosave could not write the project"
          testId="project-save-error"
        >
          {save.message}
        </Notice>
      )}
      {recovered && !project.readOnly && (
        <Notice
          tone="info"
          title="Unsaved edits were kept"
          testId="project-recovered"
          actions={
            <>
              <Button size="small" variant="primary" onClick={() => void settleRecovered(true)}>
                Restore them
              </Button>
              <Button size="small" variant="ghost" onClick={() => void settleRecovered(false)}>
                Discard
              </Button>
            </>
          }
        >
          The project folder could not be written {formatAgo(recovered.savedAt, now)}; the edits
          made then were kept in a recovery file.
        </Notice>
      )}
    </>
  );
}
