import { useCallback } from 'react';
import {
  saveProject,
  useOpenProject,
  type ProjectSaveState,
} from '../../editor/project/open-project-store';

export type SaveStatus =
  | { state: 'saved'; at?: number; autosave?: boolean }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'error'; message: string };

function shown(save: ProjectSaveState): SaveStatus {
  return save.state === 'none' ? { state: 'saved' } : save;
}

/**
 * Score's view of the open project's saving (editor/project): the journal 2 s after the last
 * edit, the file itself on an explicit save (Ctrl+S). Read-only projects are never written.
 */
export function useProjectSaving(): { status: SaveStatus; saveNow: () => Promise<void> } {
  const save = useOpenProject((s) => s.save);
  const saveNow = useCallback(() => saveProject(false), []);
  return { status: shown(save), saveNow };
}
