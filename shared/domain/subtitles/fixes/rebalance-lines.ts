import type { Fix } from './fix';
import { replaceAt } from './fix';
import { wrapText } from '../wrap';

/** Re-lays the cue's text on balanced lines within the line length (SubtitleEdit's "auto-br"). */
export const rebalanceLines: Fix = (cues, cueId, { limits, language }) => {
  const index = cues.findIndex((cue) => cue.id === cueId);
  const cue = cues[index];
  if (!cue) return cues;
  const lines = wrapText(cue.text.replace(/\n/g, ' '), limits, language);
  if (lines.length === 0) return cues;
  return replaceAt(cues, index, { ...cue, text: lines.join('\n') });
};
