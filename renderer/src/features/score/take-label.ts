import type { Job } from '../../../../shared/domain/jobs/job';
import type { ScoreJobKind } from '../../../../shared/domain/project/score-jobs';
import { takeTitle } from '../../editor/music/take-view';

/**
 * The label a finished Score job's take gets. A combined (video-to-sound) take says so, unless
 * its title already does: without a title or prompt it falls back to the request's label,
 * "Score music + SFX: clip.mp4", and a prefix would repeat it.
 */
export function takeLabel(job: Job, kind: Exclude<ScoreJobKind, 'analyse'>): string {
  const title = takeTitle(job);
  if (kind !== 'both' || /music \+ sfx/i.test(title)) return title;
  return `Music + SFX: ${title}`;
}

/**
 * A take's letter on its lane, as A/B is spoken: the first take is A. Titles often repeat
 * (two runs of one brief get the same name), so the letter is what tells them apart.
 */
export function takeLetter(index: number): string {
  return String.fromCharCode(65 + (index % 26));
}
