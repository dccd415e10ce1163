import { useEffect, useRef, type DragEvent } from 'react';
import { errorMessage, invokeResult } from '../../bridge/invoke';
import { pathsOfDroppedFiles } from '../../bridge/files';
import { forgetProject, rememberedProject } from './project-actions';
import { ScoreStart } from './ScoreStart';
import { ScoreWorkspace } from './ScoreWorkspace';
import { useScoreStore } from './score-store';
import { useProjectOpener } from './use-project-opener';
import './score.css';

/**
 * Score: the empty state (drop or open a video, recent projects, restore offer) until a
 * project is open, then the workspace. A video dropped anywhere on the screen opens it; the
 * last project comes back after a reload or restart.
 */
export function ScoreScreen() {
  const project = useScoreStore((s) => s.project);
  const opener = useProjectOpener();
  const triedReopen = useRef(false);

  useEffect(() => {
    if (triedReopen.current || project) return;
    triedReopen.current = true;
    const last = rememberedProject();
    if (!last) return;
    // Unsaved autosaved edits are offered for restore first rather than silently dropped.
    void invokeResult('project:restorable', {}).then(async (restorable) => {
      if (restorable.ok && restorable.value.some((entry) => entry.path === last)) return;
      await opener.openProjectPath(last);
      if (!useScoreStore.getState().project) forgetProject();
    });
  }, [project, opener]);

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    opener.setStage('uploading');
    try {
      const [path] = await pathsOfDroppedFiles(files.slice(0, 1));
      await opener.openVideoPath(path!);
    } catch (cause) {
      opener.setStage('idle');
      opener.setError(errorMessage(cause));
    }
  };

  return (
    <div
      className="screen score-screen"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => void onDrop(event)}
    >
      {project ? <ScoreWorkspace opener={opener} /> : <ScoreStart opener={opener} />}
    </div>
  );
}
