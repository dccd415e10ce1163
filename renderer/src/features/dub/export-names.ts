import { cellState, stemOf, type DubBatchPlan, type Runs } from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';

export interface ExportFile {
  source: string;
  /** `clip.es.mp4`, `clip.es.srt`. */
  name: string;
}

/** The files Export all writes: per finished cell, its dubbed video and its re-timed script. */
export function exportNames(
  plan: DubBatchPlan,
  jobs: ReadonlyMap<string, Job>,
  runs: Runs,
): ExportFile[] {
  const files: ExportFile[] = [];
  for (const row of plan.rows) {
    for (const cell of row.cells) {
      if (cellState(cell, jobs, runs) !== 'succeeded') continue;
      const job = jobs.get(runs[cell.requestKey ?? ''] ?? '');
      const stem = stemOf(row.video);
      for (const file of job?.files ?? []) {
        if (file.role === `outputs.${cell.language}`)
          files.push({
            source: file.path,
            name: `${stem}.${cell.language}${extension(file.path, '.mp4')}`,
          });
        if (file.role === `subtitles.${cell.language}`)
          files.push({ source: file.path, name: `${stem}.${cell.language}.srt` });
      }
    }
  }
  return files;
}

function extension(path: string, fallback: string): string {
  const match = /\.[a-z0-9]{2,4}$/i.exec(path);
  return match ? match[0].toLowerCase() : fallback;
}
