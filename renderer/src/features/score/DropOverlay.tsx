import { ScoreIcon } from '../../ui/icons';

/**
 * Shown while a file is dragged over Score, so the drop is not a surprise. With a project
 * open it says the drop starts a new one: the open project is autosaved and left as it is.
 */
export function DropOverlay({ projectOpen }: { projectOpen: boolean }) {
  return (
    <div className="score-drop-overlay" data-testid="score-drop-overlay" role="status">
      <div className="score-drop-overlay__card">
        <ScoreIcon className="score-drop-overlay__icon" />
        <p className="score-drop-overlay__title">Drop a video to score it</p>
        {projectOpen && (
          <p className="score-drop-overlay__note">Opens a new project; this one stays saved.</p>
        )}
      </div>
    </div>
  );
}
