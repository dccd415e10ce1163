import { excludedCells, excludedKeys, showProjectAsBatch } from '../../../../shared/domain/dub';
import type { DubPart, ProjectDocument } from '../../../../shared/domain/project/document';
import { invoke } from '../../bridge/invoke';
import {
  closeProject,
  currentProjectDocument,
  openProjectPath,
  registerPart,
  saveProject,
  useOpenProject,
  type OpenProjectInfo,
} from '../../editor/project';
import { draftOf, EMPTY_DRAFT, useDubBatch, type DubBatchDraft } from './batch-store';
import { activeBatch, newBatchId, setBatchProject, useBatchList } from './batch-list-store';

/**
 * The batch Dub shows is the window's open project (docs/decisions/100-dub-through-the-open-project.md):
 * opening, switching and creating a batch go through the open-project store, which is the one
 * writer of the file; the batch's rows and options are that project's `dub` part.
 */

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
    excluded: excludedCells(Object.keys(draft.excluded)),
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
    excluded: excludedKeys(part.excluded),
  };
}

/** The open project, when this window may write it. */
function writableProject(): OpenProjectInfo | null {
  const { project } = useOpenProject.getState();
  return project && !project.readOnly ? project : null;
}

/** Whether the shown batch is the window's open project (then the store saves it). */
export function batchIsOpenProject(): boolean {
  const path = useDubBatch.getState().projectPath;
  return path !== null && writableProject()?.path === path;
}

/**
 * Shows an opened project as the batch: its `dub` part in the grid and, when `listed`, the
 * project in the batch list as the shown batch. A project the grid already shows keeps what is
 * on screen: it is the same or newer.
 */
function showProject(document: ProjectDocument, info: OpenProjectInfo, listed = true): void {
  if (info.readOnly) {
    // Another window holds it (the banner says so); Dub shows no batch rather than one it cannot save.
    useDubBatch.getState().load({});
    useDubBatch.getState().setProject(null);
    return;
  }
  if (listed) {
    const { list, commit } = useBatchList.getState();
    commit(showProjectAsBatch(list, info, Date.now(), newBatchId));
  }
  if (useDubBatch.getState().projectPath === info.path) return;
  useDubBatch.getState().load(document.dub ? fromDubPart(document.dub) : firstRows(info));
  useDubBatch.getState().setProject(info.path);
}

/** A new Dub project made with a video (project-new) starts with that video as its row. */
const firstRows = (info: OpenProjectInfo): Partial<DubBatchDraft> =>
  info.kind === 'dub' && info.media ? { videos: [info.media] } : {};

registerPart({
  key: 'dub',
  read: () => (batchIsOpenProject() ? toDubPart(draftOf(useDubBatch.getState())) : undefined),
  // A Score or Subtitles project joins the batch list only once Dub is visited (reopenBatch).
  load: (document, info) => showProject(document, info, info.kind === 'dub' || !!document.dub),
  subscribe: (onChange) =>
    useDubBatch.subscribe((state, previous) => {
      if (state.revision !== previous.revision && batchIsOpenProject()) onChange();
    }),
});

/**
 * On entering Dub: the window's open project is the batch; with none open, the batch shown last
 * is opened as the window's project. A batch whose project is gone leaves an empty batch (the
 * entry stays, so the user sees which one and can delete it).
 */
export async function reopenBatch(): Promise<void> {
  const open = useOpenProject.getState().project;
  if (open) {
    const document = currentProjectDocument();
    if (document) showProject(document, open);
    return;
  }
  const entry = activeBatch();
  if (useDubBatch.getState().projectPath !== null) {
    useDubBatch.getState().load({});
    useDubBatch.getState().setProject(null);
  }
  if (!entry.projectPath) return;
  try {
    await openProjectPath(entry.projectPath);
  } catch {
    setBatchProject(entry.id, null);
  }
}

/** Creates a project for a batch, with `seed` as its dub part (the project file is the batch). */
export async function createBatchProject(
  name: string,
  seed: Partial<DubBatchDraft>,
): Promise<{ path: string; document: ProjectDocument }> {
  const created = await invoke('project:create', { name, kind: 'dub' });
  const next: ProjectDocument = {
    ...created.document,
    dub: toDubPart({ ...EMPTY_DRAFT, ...seed, skipped: [], runs: {} }),
  };
  await invoke('project:save', { path: created.path, document: next, autosave: false });
  return { path: created.path, document: next };
}

/** The project being made for the shown batch, while it is: every add waits for this one. */
let making: Promise<string> | null = null;

/**
 * The shown batch's project path. With no project open, one is created (named after the batch,
 * holding what the grid shows) and opened as the window's project. Two adds in quick succession
 * (a drop of videos, then of scripts) share one creation: each making its own project opened
 * the second over the first, and the batch lost the first add.
 */
export async function ensureProject(): Promise<string> {
  const open = writableProject();
  if (open) {
    if (useDubBatch.getState().projectPath !== open.path) {
      const document = currentProjectDocument();
      if (document) showProject(document, open);
    }
    return open.path;
  }
  making ??= makeProject().finally(() => {
    making = null;
  });
  return making;
}

async function makeProject(): Promise<string> {
  const entry = activeBatch();
  const seed = draftOf(useDubBatch.getState());
  const created = await createBatchProject(entry.name, seed);
  setBatchProject(entry.id, created.path);
  // The grid shows this project from now on, so opening it keeps what is on screen, including
  // what was added while it was being made, instead of the seed it was created with; the
  // store writes that through on its next save.
  useDubBatch.getState().setProject(created.path);
  try {
    await openProjectPath(created.path);
  } catch (error) {
    useDubBatch.getState().setProject(null);
    throw error;
  }
  // A change made meanwhile (an option, a language) was autosaved while no project was open,
  // which writes nothing: mark it again now that the project is there to hold it.
  if (JSON.stringify(draftOf(useDubBatch.getState())) !== JSON.stringify(seed))
    useDubBatch.setState((state) => ({ revision: state.revision + 1 }));
  return created.path;
}

/**
 * Writes the batch into its project through the store: the file itself unless `autosave` (main's
 * queue reads the file on dub:start, so starting needs the file). Throws what the store reports.
 */
export async function saveBatch(autosave: boolean): Promise<void> {
  if (!batchIsOpenProject()) return;
  await saveProject(autosave);
  const { save } = useOpenProject.getState();
  if (save.state === 'error') throw new Error(save.message);
}

/** Shows another batch: the current one is saved, then the chosen one opens as the window's project. */
export async function switchBatch(id: string): Promise<void> {
  const { list, commit } = useBatchList.getState();
  if (list.activeId === id) return;
  await saveBatch(false);
  commit({ ...list, activeId: id });
  const entry = activeBatch();
  useDubBatch.getState().load({});
  useDubBatch.getState().setProject(null);
  if (!entry.projectPath) {
    // A fresh batch gets its project on the first add; until then no project is open.
    if (useOpenProject.getState().project) await closeProject();
    return;
  }
  try {
    await openProjectPath(entry.projectPath);
  } catch {
    setBatchProject(entry.id, null);
  }
}
