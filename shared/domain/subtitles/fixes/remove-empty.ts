import { visibleText } from '../text';
import type { Fix } from './fix';

/** Removes a cue with no visible text. */
export const removeEmpty: Fix = (cues, cueId) => {
  const cue = cues.find((c) => c.id === cueId);
  if (!cue || visibleText(cue.text) !== '') return cues;
  return cues.filter((c) => c.id !== cueId);
};
