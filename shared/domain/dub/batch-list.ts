import { z } from 'zod';

/**
 * The list of Dub batches. Each batch is its own project file (its rows, languages, options and
 * the `runs` main writes), so main's queue, ledger and restart rules stay per project and need no
 * change; the list only remembers which projects are batches, their names and which one is shown
 * (docs/decisions/088-one-project-per-batch.md).
 */
export const batchEntrySchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  /** null until the batch gets its project (the first file added to a fresh batch). */
  projectPath: z.string().min(1).max(4096).nullable(),
  createdAt: z.number(),
});
export type BatchEntry = z.infer<typeof batchEntrySchema>;

export const batchListSchema = z.object({
  version: z.literal(1),
  batches: z.array(batchEntrySchema).min(1).max(500),
  activeId: z.string(),
});
export type BatchList = z.infer<typeof batchListSchema>;

export const FIRST_BATCH_NAME = 'Dub batch';

/**
 * The stored list, or one built from what the app kept before there were many batches: the
 * single batch's project path. That batch becomes the first (and shown) entry with its project
 * untouched, so its runs (and the jobs main is running for it) carry on after the upgrade.
 * Anything unreadable falls back to the legacy path rather than losing it.
 */
export function migrateBatchList(
  stored: unknown,
  legacyProjectPath: string | null,
  now: number,
  newId: () => string,
): BatchList {
  const parsed = batchListSchema.safeParse(stored);
  if (parsed.success) {
    const list = parsed.data;
    const known = list.batches.some((batch) => batch.id === list.activeId);
    const withLegacy =
      legacyProjectPath && !list.batches.some((b) => b.projectPath === legacyProjectPath)
        ? [
            ...list.batches,
            { id: newId(), name: FIRST_BATCH_NAME, projectPath: legacyProjectPath, createdAt: now },
          ]
        : list.batches;
    return { ...list, batches: withLegacy, activeId: known ? list.activeId : withLegacy[0]!.id };
  }
  const first: BatchEntry = {
    id: newId(),
    name: FIRST_BATCH_NAME,
    projectPath: legacyProjectPath,
    createdAt: now,
  };
  return { version: 1, batches: [first], activeId: first.id };
}

/** A name not yet used in the list: `base`, else `base 2`, `base 3`… */
export function freeBatchName(list: BatchList, base: string): string {
  const taken = new Set(list.batches.map((batch) => batch.name.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

export type ListChange = { ok: true; list: BatchList } | { ok: false; reason: string };

export function renameBatch(list: BatchList, id: string, name: string): ListChange {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, reason: 'A batch needs a name: type one, then press Enter.' };
  if (trimmed.length > 200) return { ok: false, reason: 'Keep the name under 200 characters.' };
  return {
    ok: true,
    list: {
      ...list,
      batches: list.batches.map((b) => (b.id === id ? { ...b, name: trimmed } : b)),
    },
  };
}

/**
 * Removes a batch from the list (its project file stays on disk). Refused while any of its jobs
 * has not ended: deleting would hide work that is still being charged and delivered.
 */
export function deleteBatch(list: BatchList, id: string, activeJobs: number): ListChange {
  if (activeJobs > 0)
    return {
      ok: false,
      reason: `This batch still has ${activeJobs} request${activeJobs === 1 ? '' : 's'} running. Wait for ${activeJobs === 1 ? 'it' : 'them'} to finish or cancel ${activeJobs === 1 ? 'it' : 'them'}, then delete.`,
    };
  if (list.batches.length === 1)
    return { ok: false, reason: 'This is the only batch: create another one before deleting it.' };
  const index = list.batches.findIndex((b) => b.id === id);
  if (index < 0) return { ok: false, reason: 'That batch is no longer in the list.' };
  const batches = list.batches.filter((b) => b.id !== id);
  const activeId =
    list.activeId === id ? batches[Math.min(index, batches.length - 1)]!.id : list.activeId;
  return { ok: true, list: { ...list, batches, activeId } };
}

/**
 * The list with `projectPath` as the shown batch: the window's open project is what Dub shows
 * (docs/decisions/100-dub-through-the-open-project.md). A project already listed is shown; else
 * a shown batch that has no project yet (a fresh one) takes it; else it is added, named after
 * the project.
 */
export function showProjectAsBatch(
  list: BatchList,
  project: { path: string; name: string },
  now: number,
  newId: () => string,
): BatchList {
  const listed = list.batches.find((batch) => batch.projectPath === project.path);
  if (listed) return { ...list, activeId: listed.id };
  const base = project.name.trim() || FIRST_BATCH_NAME;
  const shown = list.batches.find((batch) => batch.id === list.activeId);
  if (shown && shown.projectPath === null) {
    const others = { ...list, batches: list.batches.filter((b) => b.id !== shown.id) };
    const name = freeBatchName(others, base);
    return {
      ...list,
      batches: list.batches.map((b) =>
        b.id === shown.id ? { ...b, name, projectPath: project.path } : b,
      ),
    };
  }
  const name = freeBatchName(list, base);
  const entry: BatchEntry = { id: newId(), name, projectPath: project.path, createdAt: now };
  return { ...list, batches: [...list.batches, entry], activeId: entry.id };
}
