import { AUDIO_EXTENSIONS } from '../../../../shared/api/limits';
import type { Job, JobFile } from '../../../../shared/domain/jobs/job';
import { extensionOf, safeFileName } from '../../lib/format';

const AUDIO_EXT = new Set(AUDIO_EXTENSIONS.map((ext) => ext.slice(1)));

/** The take's audio file: the first audio result (role `audio[0]`, the stream file, …). */
export function audioFileOf(job: Job): JobFile | undefined {
  const audio = job.files.filter(
    (file) => file.contentType?.startsWith('audio/') || AUDIO_EXT.has(extensionOf(file.path)),
  );
  return audio.find((file) => /^audio|stream/.test(file.role)) ?? audio[0];
}

/** The title the service gave the piece, else the prompt. */
export function takeTitle(job: Job): string {
  if (job.title?.trim()) return job.title.trim();
  const prompt = job.request.fields.prompt;
  return typeof prompt === 'string' && prompt.trim() ? prompt.trim() : job.request.label;
}

/** "Night Drive.m4a": the title made safe, with the file's own extension. */
export function suggestedSaveName(job: Job, file: JobFile): string {
  const ext = extensionOf(file.path) || 'm4a';
  return `${safeFileName(takeTitle(job).slice(0, 60))}.${ext}`;
}

export function takeFormat(job: Job): string {
  if (job.request.delivery === 'stream') return 'm4a';
  const format = job.request.fields.output_format;
  return typeof format === 'string' ? format : 'm4a';
}
