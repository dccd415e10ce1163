import { useCallback, useState } from 'react';
import type { OpenVerdict } from './open-checks';
import { openProject, openVideo, restoreProject } from './project-actions';

export type OpenStage = 'idle' | 'uploading' | 'opening';

/**
 * Runs one open at a time (a video, a project, a restore) and keeps what the user must know:
 * the stage while it runs, the error in words, and the notices about the opened video.
 */
export function useProjectOpener() {
  const [stage, setStage] = useState<OpenStage>('idle');
  // The error itself, not its words: the notice titles it by its code ("Not a media file").
  const [error, setError] = useState<unknown>(null);
  const [verdict, setVerdict] = useState<OpenVerdict | null>(null);

  const run = useCallback(async (work: () => Promise<{ verdict: OpenVerdict }>) => {
    setStage('opening');
    setError(null);
    try {
      setVerdict((await work()).verdict);
    } catch (cause) {
      setError(cause);
    } finally {
      setStage('idle');
    }
  }, []);

  return {
    stage,
    error,
    verdict,
    setStage,
    setError,
    openVideoPath: (path: string) => run(() => openVideo(path)),
    openProjectPath: (path: string) => run(() => openProject(path)),
    restore: (path: string) => run(() => restoreProject(path)),
  };
}

export type ProjectOpener = ReturnType<typeof useProjectOpener>;
