import { pickFiles } from '../../bridge/files';
import { useApiQuery } from '../../bridge/query';
import { formatAgo } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { OpenIcon, ScoreIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Panel } from '../../ui/Panel';
import { PromptPanels } from './PromptPanels';
import type { ProjectOpener } from './use-project-opener';

/** Before a project is open: drop or pick a video, reopen a recent project, restore a crash. */
export function ScoreStart({ opener }: { opener: ProjectOpener }) {
  const now = useNow(60_000);
  const recent = useApiQuery('project:recent', {});
  const restorable = useApiQuery('project:restorable', {});
  const busy = opener.stage !== 'idle';

  const pick = async () => {
    try {
      opener.setStage('uploading');
      const [path] = await pickFiles('video', false);
      if (path) await opener.openVideoPath(path);
      else opener.setStage('idle');
    } catch (cause) {
      opener.setStage('idle');
      opener.setError(cause);
    }
  };

  return (
    <div className="score-start">
      {(restorable.data ?? []).map((entry) => (
        <Notice
          key={entry.path}
          tone="warn"
          title={`${entry.name} was not closed cleanly`}
          testId="score-restore"
          actions={
            <>
              <Button
                variant="primary"
                size="small"
                onClick={() => void opener.restore(entry.path)}
              >
                Restore unsaved changes
              </Button>
              <Button size="small" onClick={() => void opener.openProjectPath(entry.path)}>
                Open last saved version
              </Button>
            </>
          }
        >
          Changes autosaved {formatAgo(entry.savedAt, now)} were never saved to the project file.
        </Notice>
      ))}

      <section
        className={`score-drop${busy ? ' score-drop--busy' : ''}`}
        data-testid="score-open"
        aria-label="Open a video to score"
        aria-busy={busy || undefined}
      >
        <ScoreIcon className="score-drop__icon" />
        <h2>Drop a video anywhere here to score it</h2>
        <p className="muted">
          mp4, mov, webm, m4v, mkv. Its waveform and shot changes are read on this computer; nothing
          is uploaded until you press Analyse or Generate.
        </p>
        <Button
          variant="primary"
          size="large"
          icon={<OpenIcon />}
          busy={busy}
          onClick={() => void pick()}
        >
          {opener.stage === 'uploading' ? 'Reading the file…' : busy ? 'Opening…' : 'Open video…'}
        </Button>
        {opener.error !== null && <ErrorNotice error={opener.error} testId="score-open-error" />}
      </section>

      <Panel title="Recent projects" label="Recent projects">
        {recent.isError && <ErrorNotice error={recent.error} />}
        {recent.data?.length === 0 && <p className="muted small">Projects you open appear here.</p>}
        <ul className="score-recent" data-testid="score-recent">
          {(recent.data ?? []).map((entry) => (
            <li key={entry.path}>
              <button
                type="button"
                className="score-recent__item"
                disabled={busy}
                onClick={() => void opener.openProjectPath(entry.path)}
                title={entry.path}
              >
                <strong>{entry.name}</strong>
                <span className="muted small">saved {formatAgo(entry.savedAt, now)}</span>
              </button>
            </li>
          ))}
        </ul>
      </Panel>

      <PromptPanels />
    </div>
  );
}
