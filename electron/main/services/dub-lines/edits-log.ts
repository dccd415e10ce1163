import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The line edits of one dub file, kept beside it in `<dub>.lines/` (docs/dubbing.md "Re-dub one
 * line"): `edits.json` (this log), each edit's window clip and one-cue script, and the dub as it
 * was before each splice (`kept-<id>.mp4`, a hard link when the disk allows, so keeping it costs
 * no copy). The log is written atomically (temp + fsync + rename) before every step it guards.
 */
export const lineEditSchema = z.object({
  id: z.string(),
  cueId: z.string(),
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  /** The window clip sent to the service (also how a job sent before a crash is found again). */
  clip: z.string(),
  script: z.string(),
  language: z.string(),
  ducking: z.boolean(),
  /** The price stated before the click. */
  amount: z.number(),
  jobId: z.string().optional(),
  /** pending: dubbing or waiting to be spliced; spliced: in the dub; failed: see error. */
  state: z.enum(['pending', 'spliced', 'failed']),
  error: z.string().optional(),
});
export type LineEdit = z.infer<typeof lineEditSchema>;

const logSchema = z.object({ edits: z.array(lineEditSchema) });

/** `<dir>/<name>.mp4` -> `<dir>/<name>.mp4.lines`. */
export function editsFolder(dub: string): string {
  return path.join(path.dirname(dub), `${path.basename(dub)}.lines`);
}

/** The file holding the dub as it was before `edit` was spliced in. */
export function keptFile(dub: string, edit: Pick<LineEdit, 'id'>): string {
  return path.join(editsFolder(dub), `kept-${edit.id}.mp4`);
}

export async function readEdits(dub: string): Promise<LineEdit[]> {
  try {
    const text = await fs.readFile(path.join(editsFolder(dub), 'edits.json'), 'utf8');
    const parsed = logSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.edits : [];
  } catch {
    return [];
  }
}

/** Edits in the order they went into the dub: spliced ones first (oldest first), then the rest. */
export async function writeEdits(dub: string, edits: readonly LineEdit[]): Promise<void> {
  const folder = editsFolder(dub);
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, 'edits.json');
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify({ edits }, null, 1));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
}

/** Keeps the dub as it is now under `kept` (a hard link, else a copy); an existing one stays. */
export async function keepPrevious(dub: string, kept: string): Promise<void> {
  try {
    await fs.access(kept);
    // Already kept by an earlier attempt: that one is the audio before this edit.
    return;
  } catch {
    // not kept yet
  }
  try {
    await fs.link(dub, kept);
  } catch {
    const temporary = `${kept}.${randomUUID()}.tmp`;
    await fs.copyFile(dub, temporary);
    await fs.rename(temporary, kept);
  }
}
