import { promises as fs } from 'node:fs';
import path from 'node:path';
import { stemOf } from '../../../../shared/domain/files/file-names';
import type { Job } from '../../../../shared/domain/jobs/job';

/** A file to copy: a result of a finished dub job, and the name it gets. */
export interface ExportItem {
  from: string;
  name: string;
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
    for (const file of job.files) {
      const match = /^(outputs|subtitles|srt)[.[]([a-z_]+)/i.exec(file.role);
      if (!match) continue;
      const language = match[2]!;
      const ext = match[1] === 'outputs' ? path.extname(file.path) || '.mp4' : '.srt';
      items.push({ from: file.path, name: `${clip}.${language}${ext}` });
    }
  }
  return items;
}

/** Copies the items into `folder` (created), replacing files of the same name. */
export async function copyResults(folder: string, items: readonly ExportItem[]): Promise<string[]> {
  await fs.mkdir(folder, { recursive: true });
  const written: string[] = [];
  for (const item of items) {
    const target = path.join(folder, item.name);
    await fs.copyFile(item.from, target);
    written.push(target);
  }
  return written;
}
