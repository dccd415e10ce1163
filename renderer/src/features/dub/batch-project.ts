import type { DubPart, ProjectDocument } from '../../../../shared/domain/project/document';
import { invoke } from '../../bridge/invoke';
import { draftOf, useDubBatch, type DubBatchDraft } from './batch-store';

/** The project that holds the batch, reopened when the app starts again. */
const PROJECT_KEY = 'soundstage.dub.project';

/** The document as last opened or saved; the batch writes only its `dub` part into it. */
let document: ProjectDocument | null = null;

export function toDubPart(draft: DubBatchDraft): DubPart {
  return {
    videos: draft.videos.map((path) => ({ path })),
    scripts: draft.scripts,
    settings: {
      languages: draft.languages,
      ducking: draft.ducking,
      lipsync: draft.lipsync,
      exportSrt: draft.exportSrt,
    },
    runs: draft.runs,
  };
}

export function fromDubPart(part: DubPart): Partial<DubBatchDraft> {
  return {
    videos: part.videos.map((video) => video.path),
    scripts: part.scripts,
    languages: part.settings.languages,
    ducking: part.settings.ducking,
    lipsync: part.settings.lipsync,
    exportSrt: part.settings.exportSrt,
    runs: part.runs,
  };
}

/** Reopens the batch's project, when there is one; a missing project starts an empty batch. */
export async function reopenBatch(): Promise<void> {
  const path = localStorage.getItem(PROJECT_KEY);
  if (!path) return;
  try {
    const opened = await invoke('project:open', { path });
    if (!opened.document || opened.readOnly) throw new Error(opened.notice ?? 'read-only');
    document = opened.document;
    useDubBatch.getState().load(opened.document.dub ? fromDubPart(opened.document.dub) : {});
    useDubBatch.getState().setProject(opened.path);
  } catch {
    localStorage.removeItem(PROJECT_KEY);
  }
}

/** The batch's project path, creating "Dub batch" in the project folder on first use. */
export async function ensureProject(): Promise<string> {
  const current = useDubBatch.getState().projectPath;
  if (current && document) return current;
  const created = await invoke('project:create', { name: 'Dub batch' });
  document = created.document;
  useDubBatch.getState().setProject(created.path);
  localStorage.setItem(PROJECT_KEY, created.path);
  await saveBatch(false);
  return created.path;
}

/** Writes the batch into its project (autosave: the journal; otherwise the file itself). */
export async function saveBatch(autosave: boolean): Promise<void> {
  const state = useDubBatch.getState();
  if (!state.projectPath || !document) return;
  const next: ProjectDocument = {
    ...document,
    updatedAt: Date.now(),
    dub: toDubPart(draftOf(state)),
  };
  await invoke('project:save', { path: state.projectPath, document: next, autosave });
  document = next;
}
