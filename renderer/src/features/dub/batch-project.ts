import type { DubPart, ProjectDocument } from '../../../../shared/domain/project/document';
import { invoke } from '../../bridge/invoke';
import { draftOf, EMPTY_DRAFT, useDubBatch, type DubBatchDraft } from './batch-store';
import { activeBatch, setBatchProject, useBatchList } from './batch-list-store';

/** The shown batch's document as last opened or saved; the batch writes only its `dub` part. */
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

/**
 * Opens the shown batch's project into the store, when it has one; a batch without a project
 * starts empty. A project that is gone or read-only leaves an empty batch (the entry stays, so
 * the user sees which one and can delete it).
 */
export async function reopenBatch(): Promise<void> {
  const entry = activeBatch();
  document = null;
  // Another batch's rows must not stay on screen (nor be saved) while this one opens.
  if (useDubBatch.getState().projectPath !== null || entry.projectPath) {
    useDubBatch.getState().load({});
    useDubBatch.getState().setProject(null);
  }
  if (!entry.projectPath) return;
  try {
    const opened = await invoke('project:open', { path: entry.projectPath });
    if (!opened.document || opened.readOnly) throw new Error(opened.notice ?? 'read-only');
    if (activeBatch().id !== entry.id) return; // the user switched again meanwhile
    document = opened.document;
    useDubBatch.getState().load(opened.document.dub ? fromDubPart(opened.document.dub) : {});
    useDubBatch.getState().setProject(opened.path);
  } catch {
    setBatchProject(entry.id, null);
  }
}

/** Creates a project for a batch, with `seed` as its dub part (the project file is the batch). */
export async function createBatchProject(
  name: string,
  seed: Partial<DubBatchDraft>,
): Promise<{ path: string; document: ProjectDocument }> {
  const created = await invoke('project:create', { name });
  const next: ProjectDocument = {
    ...created.document,
    dub: toDubPart({ ...EMPTY_DRAFT, ...seed, skipped: [], runs: {} }),
  };
  await invoke('project:save', { path: created.path, document: next, autosave: false });
  return { path: created.path, document: next };
}

/** The shown batch's project path, creating it (named after the batch) on first use. */
export async function ensureProject(): Promise<string> {
  const current = useDubBatch.getState().projectPath;
  if (current && document) return current;
  const entry = activeBatch();
  if (entry.projectPath) throw new Error('The batch is still opening. Try again in a moment.');
  const created = await invoke('project:create', { name: entry.name });
  document = created.document;
  useDubBatch.getState().setProject(created.path);
  setBatchProject(entry.id, created.path);
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

/** Shows another batch: the current one is saved first; main's queue runs on regardless. */
export async function switchBatch(id: string): Promise<void> {
  const { list, commit } = useBatchList.getState();
  if (list.activeId === id) return;
  await saveBatch(false);
  commit({ ...list, activeId: id });
  await reopenBatch();
}
