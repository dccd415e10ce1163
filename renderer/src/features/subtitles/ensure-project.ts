import { createProject, useOpenProject } from '../../editor/project';
import { fileName } from './import-script';
import { subsDocument, subsPart } from './subs-store';

/** `clip` from `/p/clip.en.srt` or `/p/clip.mp4`: the name a script started from a file takes. */
export function projectNameFrom(path: string): string {
  const stem = fileName(path)
    .replace(/\.[^.]+$/, '')
    .replace(/[._][a-z]{2,3}(-[a-z0-9]+)?$/i, '');
  return stem.trim() || 'Subtitles';
}

/**
 * Subtitles keeps work the way Score does: the first file brought in while no project is open
 * starts one named after it, in the project folder, so every edit autosaves from the first
 * keystroke and comes back after a reload or a crash (an in-memory script was lost on reload).
 * What was already on screen (a chosen video, a proofread job's language) goes into it. When
 * the folder cannot be written, work goes on in memory and the bar says it is not saved.
 */
export async function ensureSubtitlesProject(fromPath: string): Promise<void> {
  if (useOpenProject.getState().project) return;
  const kept = subsPart();
  try {
    await createProject({ name: projectNameFrom(fromPath), kind: 'subtitles' });
  } catch {
    return;
  }
  subsDocument.getState().reset(kept);
}
