import { useEffect } from 'react';
import { z } from 'zod';
import { LANGUAGE_CODES } from '../../../../shared/api/languages';
import { draftOf, useDubBatch, type DubBatchDraft } from './batch-store';

/**
 * Where the batch is kept until the project document has its `dub` part (built on the
 * dub-queue branch): the renderer's storage, validated on the way back in, so reopening the
 * app shows the batch where it was. Swapping the two functions below for project:save/open is
 * the whole migration.
 */
const STORAGE_KEY = 'soundstage.dub.batch';

const language = z.enum(LANGUAGE_CODES);
const draftSchema = z.object({
  videos: z.array(z.string()),
  scripts: z.array(
    z.object({ path: z.string(), language: language.optional(), video: z.string().optional() }),
  ),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  languages: z.array(language),
  ducking: z.boolean(),
  lipsync: z.boolean(),
  exportSrt: z.boolean(),
  runs: z.record(z.string(), z.string()),
  running: z.boolean(),
});

function loadDraft(): Partial<DubBatchDraft> | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as Partial<DubBatchDraft>) : null;
  } catch {
    return null;
  }
}

function saveDraft(draft: DubBatchDraft): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the batch still runs, it just will not be restored.
  }
}

/** Restores the batch once, then writes every change (a few hundred bytes per video). */
export function useBatchAutosave(): void {
  useEffect(() => {
    const draft = loadDraft();
    if (draft) useDubBatch.getState().load(draft);
    let last = '';
    return useDubBatch.subscribe((state) => {
      const next = JSON.stringify(draftOf(state));
      if (next === last) return;
      last = next;
      saveDraft(draftOf(state));
    });
  }, []);
}
