import { create } from 'zustand';
import type { ProjectDocument } from '../../../../shared/domain/project/document';
import { errorMessage, invoke } from '../../bridge/invoke';
import {
  composeDocument,
  type OpenProjectInfo,
  type PartBinding,
  type PartKey,
} from './part-bindings';
import { registerPendingSave } from './save-before-leaving';

/** Autosave waits this long after the last edit (docs/editing.md "Project files"). */
export const AUTOSAVE_DELAY_MS = 2000;

export type ProjectSaveState =
  | { state: 'none' }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'saved'; at: number; autosave: boolean }
  | { state: 'error'; message: string };

export interface OpenProjectState {
  project: OpenProjectInfo | null;
  /** The document as last opened or written; parts are read from their workspaces on save. */
  document: ProjectDocument | null;
  save: ProjectSaveState;
  /** Edits an earlier autosave could not write, kept in the app's data folder. */
  recovered: { savedAt: number; document: ProjectDocument } | null;
  /** Bumped on every change of a bound part since the project opened. */
  revision: number;
  savedRevision: number;
}

/**
 * The one open project every workspace reads and writes (docs/decisions/081-open-project-store.md):
 * which project, its video, its document, whether it is read-only and why, and its autosave
 * state. Main owns the file (project:*); each workspace keeps its part's editor and undo and
 * registers a PartBinding here, so loading and saving go through one place.
 */
export const useOpenProject = create<OpenProjectState>()(() => ({
  project: null,
  document: null,
  save: { state: 'none' },
  recovered: null,
  revision: 0,
  savedRevision: 0,
}));

const bindings = new Map<PartKey, PartBinding>();
let loading = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight: Promise<unknown> = Promise.resolve();

/** A page-lifetime id kept across reloads, so a reloaded tab keeps the project it held. */
function windowId(): string | undefined {
  try {
    const key = 'soundstage.window';
    let id = sessionStorage.getItem(key);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(key, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

// A close or reload inside the autosave delay writes the journal at once.
registerPendingSave(async () => {
  if (timer) {
    clearTimeout(timer);
    timer = null;
    await saveProject(true);
  }
  await inFlight;
});

function partChanged(): void {
  if (loading) return;
  const state = useOpenProject.getState();
  if (!state.project || state.project.readOnly) return;
  useOpenProject.setState({ revision: state.revision + 1, save: { state: 'pending' } });
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void saveProject(true);
  }, AUTOSAVE_DELAY_MS);
}

/** Plugs a workspace's part in; loads it at once when a project is already open. */
export function registerPart(binding: PartBinding): () => void {
  bindings.set(binding.key, binding);
  const unsubscribe = binding.subscribe(partChanged);
  const { project, document } = useOpenProject.getState();
  if (project && document) withLoading(() => binding.load(document, project));
  return () => {
    unsubscribe();
    if (bindings.get(binding.key) === binding) bindings.delete(binding.key);
  };
}

function withLoading(run: () => void): void {
  loading = true;
  try {
    run();
  } finally {
    loading = false;
  }
}

/** The document as it would be saved now, or null with no project open. */
export function currentProjectDocument(): ProjectDocument | null {
  const { document } = useOpenProject.getState();
  return document ? composeDocument(document, bindings.values(), Date.now()) : null;
}

function load(
  info: OpenProjectInfo,
  document: ProjectDocument,
  recovered = null as OpenProjectState['recovered'],
) {
  if (timer) clearTimeout(timer);
  timer = null;
  useOpenProject.setState({
    project: info,
    document,
    recovered,
    revision: 0,
    savedRevision: 0,
    save: { state: info.readOnly ? 'none' : 'saved', at: document.updatedAt, autosave: true },
  } as Partial<OpenProjectState>);
  withLoading(() => {
    for (const binding of bindings.values()) binding.load(document, info);
  });
}

/**
 * Opens a project for this window. Read-only when main says so (another window holds it, or
 * the file is newer or damaged); throws with the reason when there is no document to show.
 */
export async function openProjectPath(
  path: string,
  { journal = false }: { journal?: boolean } = {},
): Promise<OpenProjectInfo> {
  const window = windowId();
  const opened = await invoke('project:open', {
    path,
    ...(journal ? { journal } : {}),
    ...(window ? { window } : {}),
  });
  if (!opened.document) throw new Error(opened.notice ?? 'This project file could not be read.');
  const info: OpenProjectInfo = {
    path: opened.path,
    name: opened.document.name,
    readOnly: opened.readOnly,
    ...(opened.document.kind ? { kind: opened.document.kind } : {}),
    ...(opened.document.media ? { media: opened.document.media.path } : {}),
    ...(opened.notice ? { notice: opened.notice } : {}),
    ...(opened.heldElsewhere ? { heldElsewhere: true } : {}),
  };
  load(info, opened.document, opened.recovered ?? null);
  return info;
}

/** project-new: creates the project in the project folder (main), then opens it. */
export async function createProject(request: {
  name: string;
  kind: NonNullable<ProjectDocument['kind']>;
  video?: string;
}): Promise<OpenProjectInfo> {
  const created = await invoke('project:create', request);
  return openProjectPath(created.path);
}

/** At start: back to the project that was open (with its autosaved edits), if any. */
export async function reopenLastProject(): Promise<OpenProjectInfo | null> {
  const { path } = await invoke('project:last', {});
  if (!path || useOpenProject.getState().project) return null;
  try {
    return await openProjectPath(path, { journal: true });
  } catch {
    return null;
  }
}

/** Writes the open project: the journal (autosave) or the file itself (an explicit save). */
export async function saveProject(autosave: boolean): Promise<void> {
  const state = useOpenProject.getState();
  const document = currentProjectDocument();
  if (!state.project || !document || state.project.readOnly) return;
  const { path } = state.project;
  const revision = state.revision;
  useOpenProject.setState({ save: { state: 'saving' } });
  const write = inFlight.then(() => invoke('project:save', { path, document, autosave }));
  inFlight = write.catch(() => undefined);
  try {
    const { savedAt } = await write;
    if (useOpenProject.getState().project?.path !== path) return;
    const now = useOpenProject.getState();
    useOpenProject.setState({
      document,
      savedRevision: revision,
      save:
        now.revision === revision
          ? { state: 'saved', at: savedAt, autosave }
          : { state: 'pending' },
    });
  } catch (error) {
    if (useOpenProject.getState().project?.path === path)
      useOpenProject.setState({ save: { state: 'error', message: errorMessage(error) } });
  }
}

/**
 * The recovery offer: accept loads the kept edits into the editors (and autosaves them);
 * decline removes the recovery file.
 */
export async function settleRecovered(accept: boolean): Promise<void> {
  const { project, recovered } = useOpenProject.getState();
  if (!project || !recovered) return;
  useOpenProject.setState({ recovered: null });
  if (accept) {
    load(project, recovered.document);
    partChanged();
  } else {
    await invoke('project:restore', { path: project.path, accept: false });
  }
}

/** Lets go of the project: another window may edit it, and the app does not reopen it. */
export async function closeProject(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
    await saveProject(true);
  }
  await invoke('project:close', {});
  useOpenProject.setState({
    project: null,
    document: null,
    recovered: null,
    save: { state: 'none' },
  });
}
