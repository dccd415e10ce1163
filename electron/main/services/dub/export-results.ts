import { promises as fs } from 'node:fs';
import path from 'node:path';
import { withSpokenLines } from '../../../../shared/domain/dub/lines';
import { stemOf } from '../../../../shared/domain/files/file-names';
import type { Job } from '../../../../shared/domain/jobs/job';
import { readSubtitleFile, writeSubtitleFile } from '../../../../shared/node/subtitles';
import { readEdits } from '../dub-lines/edits-log';

/** A file to copy: a result of a finished dub job, and the name it gets. */
export interface ExportItem {
  from: string;
  name: string;
  /**
   * For an .srt: the dub video of the same job, whose line edits (`<dub>.lines/edits.json`)
   * changed what some lines say since the service wrote the file.
   */
  dub?: string;
}

/**
 * Names of a batch's results: `<clip>.<lang>.mp4` for each dubbed video and, with export_srt,
 * `<clip>.<lang>.srt`. Result roles come from the job runner (`outputs.<lang>`,
 * `subtitles.<lang>`; see docs/dubbing.md).
 */
export function exportItems(
  runs: Record<string, string>,
  jobOf: (id: string) => Job | undefined,
): ExportItem[] {
  const items: ExportItem[] = [];
  for (const [key, id] of Object.entries(runs)) {
    const job = jobOf(id);
    if (job?.stage !== 'succeeded') continue;
    const video = key.slice(0, key.lastIndexOf('#'));
    const clip = stemOf(video);
    const roles = job.files.flatMap((file) => {
      const match = /^(outputs|subtitles|srt)[.[]([a-z_]+)/i.exec(file.role);
      return match ? [{ file, kind: match[1]!, language: match[2]! }] : [];
    });
    for (const { file, kind, language } of roles) {
      if (kind === 'outputs') {
        items.push({
          from: file.path,
          name: `${clip}.${language}${path.extname(file.path) || '.mp4'}`,
        });
        continue;
      }
      const dub = roles.find((role) => role.kind === 'outputs' && role.language === language);
      items.push({
        from: file.path,
        name: `${clip}.${language}.srt`,
        ...(dub ? { dub: dub.file.path } : {}),
      });
    }
  }
  return items;
}

/**
 * Copies the items into `folder` (created), replacing files of the same name. An .srt whose dub
 * had lines re-dubbed is written with the words the dub now speaks, not copied: the service's
 * file still holds the words from before the edit, and the video beside it does not.
 */
export async function copyResults(folder: string, items: readonly ExportItem[]): Promise<string[]> {
  await fs.mkdir(folder, { recursive: true });
  const written: string[] = [];
  for (const item of items) {
    const target = path.join(folder, item.name);
    if (!(await writeSpokenSrt(item, target))) await fs.copyFile(item.from, target);
    written.push(target);
  }
  return written;
}

/** Writes an .srt with its dub's spliced line edits; false when it has none (copy it as is). */
async function writeSpokenSrt(item: ExportItem, target: string): Promise<boolean> {
  if (!item.dub) return false;
  const edits = await readEdits(item.dub);
  if (!edits.some((edit) => edit.state === 'spliced')) return false;
  const read = await readSubtitleFile(item.from);
  if (!read.ok) throw new Error(`${item.from}: ${read.error.message}`);
  const written = await writeSubtitleFile(target, withSpokenLines(read.value.cues, edits), 'srt');
  if (!written.ok) throw new Error(written.message);
  return true;
}
