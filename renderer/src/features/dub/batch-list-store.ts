import { create } from 'zustand';
import { migrateBatchList, type BatchEntry, type BatchList } from '../../../../shared/domain/dub';

/** Where the list of batches is kept (docs/decisions/088-one-project-per-batch.md). */
const LIST_KEY = 'soundstage.dub.batches';
/** Where the single batch of earlier versions kept its project path: read once, then dropped. */
const LEGACY_PROJECT_KEY = 'soundstage.dub.project';

interface BatchListState {
  list: BatchList;
  /** Replaces the list and writes it to storage. */
  commit(list: BatchList): void;
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `batch-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The page's storage; absent outside a browser (unit tests), where the list lives in memory. */
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function readStored(): unknown {
  try {
    const text = storage()?.getItem(LIST_KEY);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * The list as stored, migrated from the single batch of earlier versions when needed. The legacy
 * key is removed only after the list that holds its project is written, so a failed write cannot
 * lose the running batch.
 */
export function loadBatchList(): BatchList {
  const legacy = storage()?.getItem(LEGACY_PROJECT_KEY) ?? null;
  const list = migrateBatchList(readStored(), legacy, Date.now(), newId);
  try {
    storage()?.setItem(LIST_KEY, JSON.stringify(list));
    if (legacy) storage()?.removeItem(LEGACY_PROJECT_KEY);
  } catch {
    // Storage full or blocked: the list still works for this session, the legacy key stays.
  }
  return list;
}

export const useBatchList = create<BatchListState>()((set) => ({
  list: loadBatchList(),
  commit: (list) => {
    try {
      storage()?.setItem(LIST_KEY, JSON.stringify(list));
    } catch {
      // Kept in memory for this session; the next change tries to write again.
    }
    set({ list });
  },
}));

export function activeBatch(): BatchEntry {
  const { list } = useBatchList.getState();
  return list.batches.find((batch) => batch.id === list.activeId) ?? list.batches[0]!;
}

export function newBatchId(): string {
  return newId();
}

/** Sets one entry's project path (a fresh batch gets its project on the first add). */
export function setBatchProject(id: string, projectPath: string | null): void {
  const { list, commit } = useBatchList.getState();
  commit({
    ...list,
    batches: list.batches.map((batch) => (batch.id === id ? { ...batch, projectPath } : batch)),
  });
}
