import {
  deleteBatch,
  freeBatchName,
  renameBatch,
  type BatchEntry,
} from '../../../../shared/domain/dub';
import { isTerminal } from '../../../../shared/domain/jobs/job';
import { invoke } from '../../bridge/invoke';
import { draftOf, useDubBatch, type DubBatchDraft } from './batch-store';
import { newBatchId, useBatchList } from './batch-list-store';
import { createBatchProject, saveBatch, switchBatch } from './batch-project';

/** What a new batch starts with: the languages and options of a template, rows of a duplicate. */
export type BatchSeed = Partial<
  Pick<DubBatchDraft, 'videos' | 'scripts' | 'languages' | 'ducking' | 'lipsync' | 'exportSrt'>
>;

/** Creates a batch with its own project, adds it to the list and shows it. */
export async function newBatch(baseName: string, seed: BatchSeed = {}): Promise<BatchEntry> {
  await saveBatch(false);
  const name = freeBatchName(useBatchList.getState().list, baseName);
  const created = await createBatchProject(name, seed);
  const entry: BatchEntry = {
    id: newBatchId(),
    name,
    projectPath: created.path,
    createdAt: Date.now(),
  };
  const { list, commit } = useBatchList.getState();
  commit({ ...list, batches: [...list.batches, entry] });
  await switchBatch(entry.id);
  return entry;
}

/**
 * A copy of the shown batch: the same languages and options, and its rows and scripts copied as
 * not run (no runs, nothing left out), so it can be run again or trimmed before Start.
 */
export async function duplicateShownBatch(): Promise<BatchEntry> {
  const state = useDubBatch.getState();
  const { videos, scripts, languages, ducking, lipsync, exportSrt } = draftOf(state);
  const { list } = useBatchList.getState();
  const shown = list.batches.find((batch) => batch.id === list.activeId);
  return newBatch(`${shown?.name ?? 'Dub batch'} copy`, {
    videos,
    scripts,
    languages,
    ducking,
    lipsync,
    exportSrt,
  });
}

/** Renames a batch in the list (the project file keeps its name on disk). */
export function renameBatchEntry(id: string, name: string): string | null {
  const { list, commit } = useBatchList.getState();
  const changed = renameBatch(list, id, name);
  if (!changed.ok) return changed.reason;
  commit(changed.list);
  return null;
}

/** Jobs of a batch that have not ended, read from its project's runs and the job ledger. */
async function activeJobsOf(entry: BatchEntry): Promise<number> {
  if (!entry.projectPath) return 0;
  const [status, jobs] = await Promise.all([
    invoke('dub:status', { projectPath: entry.projectPath }),
    invoke('jobs:list', {}),
  ]);
  const ids = new Set(Object.values(status.dub?.runs ?? {}));
  return jobs.filter((job) => ids.has(job.id) && !isTerminal(job.stage)).length;
}

/**
 * Removes a batch from the list, or says why not (requests still running, the only batch). The
 * project file stays on disk: the results and the job history are not thrown away.
 */
export async function deleteBatchEntry(id: string): Promise<string | null> {
  const entry = useBatchList.getState().list.batches.find((batch) => batch.id === id);
  if (!entry) return null;
  const running = await activeJobsOf(entry);
  const { list, commit } = useBatchList.getState();
  const changed = deleteBatch(list, id, running);
  if (!changed.ok) return changed.reason;
  if (list.activeId !== id) {
    commit(changed.list);
    return null;
  }
  // The shown batch goes: show its neighbour first, then drop it from the list.
  await switchBatch(changed.list.activeId);
  commit({ ...useBatchList.getState().list, batches: changed.list.batches });
  return null;
}
