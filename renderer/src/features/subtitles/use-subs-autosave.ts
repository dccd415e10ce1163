import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { errorMessage, invoke } from '../../bridge/invoke';
import { currentDocument, useScoreStore } from '../score/score-store';
import { subsDocument } from './subs-store';

/** Autosave waits this long after the last edit, as the Score workspace does. */
const AUTOSAVE_DELAY_MS = 2000;

export type SubsSaveState = 'none' | 'pending' | 'saved' | 'error';

/**
 * Keeps the open project's `subtitles` part current and autosaves it (the journal beside the
 * project file, docs/editing.md "Project files"). The project is the one opened in Score (one
 * project document per video); with none open, edits stay in memory and the screen says so.
 * On mount an empty editor takes the project's saved part: reopen where you left off.
 */
export function useSubsAutosave(): { state: SubsSaveState; message?: string } {
  const project = useScoreStore((s) => s.project);
  const part = useStore(subsDocument, (s) => s.history.present);
  const [status, setStatus] = useState<{ state: SubsSaveState; message?: string }>({
    state: 'none',
  });

  useEffect(() => {
    const saved = project?.document.subtitles;
    const present = subsDocument.getState().history.present;
    if (
      saved &&
      Object.keys(present.languages).length === 0 &&
      Object.keys(saved.languages).length > 0
    )
      subsDocument.getState().reset(saved);
  }, [project?.path]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!project || project.readOnly || project.document.subtitles === part) return;
    const timer = window.setTimeout(() => {
      const state = useScoreStore.getState();
      if (!state.project) return;
      // The Score store writes the whole document too: it must carry this part from now on.
      useScoreStore.setState({
        project: { ...state.project, document: { ...state.project.document, subtitles: part } },
      });
      const document = currentDocument(useScoreStore.getState(), Date.now());
      if (!document) return;
      invoke('project:save', { path: state.project.path, document, autosave: true })
        .then(() => setStatus({ state: 'saved' }))
        .catch((error: unknown) => setStatus({ state: 'error', message: errorMessage(error) }));
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [part, project]);

  if (!project) return { state: 'none' };
  // Edits newer than the project's copy of the part show as pending until the autosave runs.
  return project.document.subtitles !== part && !project.readOnly ? { state: 'pending' } : status;
}
