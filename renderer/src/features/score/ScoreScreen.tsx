import { type DragEvent } from 'react';
import { pathsOfDroppedFiles } from '../../bridge/files';
import { DropOverlay } from './DropOverlay';
import { ScoreStart } from './ScoreStart';
import { ScoreWorkspace } from './ScoreWorkspace';
import { useScoreStore } from './score-store';
import { useFileDrag } from './use-file-drag';
import { useProjectOpener } from './use-project-opener';
import './score.css';

/**
 * Score: the empty state (drop or open a video, recent projects, restore offer) until a
 * project is open, then the workspace. A video dropped anywhere on the screen opens it; the
 * last project comes back after a reload or restart (the open-project store reopens it).
 */
export function ScoreScreen() {
  const project = useScoreStore((s) => s.project);
  const opener = useProjectOpener();
  const drag = useFileDrag();

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    drag.handlers.onDrop();
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    opener.setStage('uploading');
    try {
      const [path] = await pathsOfDroppedFiles(files.slice(0, 1));
      await opener.openVideoPath(path!);
    } catch (cause) {
      opener.setStage('idle');
      opener.setError(cause);
    }
  };

  return (
    <div
      className="screen score-screen"
      onDragOver={drag.handlers.onDragOver}
      onDragLeave={drag.handlers.onDragLeave}
      onDrop={(event) => void onDrop(event)}
    >
      {project ? <ScoreWorkspace opener={opener} /> : <ScoreStart opener={opener} />}
      {drag.over && <DropOverlay projectOpen={project !== null} />}
    </div>
  );
}
