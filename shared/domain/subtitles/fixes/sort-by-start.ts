import { sortByStart } from '../cue';
import type { Fix } from './fix';

/** Puts every cue in time order (ids and texts move with their times). */
export const sortCuesByStart: Fix = (cues) => {
  const sorted = sortByStart(cues);
  return sorted.every((cue, i) => cue === cues[i]) ? cues : sorted;
};
