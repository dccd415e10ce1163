import { useOpenProject } from '../../editor/project/open-project-store';

export type SubsSaveState = 'none' | 'pending' | 'saved' | 'error';

/**
 * The Subtitles view of the open project's autosave (editor/project): the journal beside the
 * project file 2 s after an edit (docs/editing.md "Project files"). With no project open, edits
 * stay in memory and the screen says so.
 */
export function useSubsAutosave(): { state: SubsSaveState; message?: string } {
  const project = useOpenProject((s) => s.project);
  const save = useOpenProject((s) => s.save);
  if (!project || project.readOnly || save.state === 'none') return { state: 'none' };
  if (save.state === 'error') return { state: 'error', message: save.message };
  return { state: save.state === 'saved' ? 'saved' : 'pending' };
}
