import type { LanguageCode } from '../../shared/api/languages';
import type { Cue } from '../../shared/domain/subtitles/cue';
import { cueIdForPosition } from '../../shared/domain/subtitles/cue';
import { limitsFor, STREAMING_PROFILE } from '../../shared/domain/subtitles/profiles';
import { wrapText } from '../../shared/domain/subtitles/wrap';
import type { TimedWord, Utterance } from './words';

/** A silence at least this long inside an utterance starts a new cue. */
const PAUSE_BREAK_SECONDS = 0.5;
/** Cues shorter than this are lengthened into the following silence (docs/subtitles.md). */
const MIN_CUE_MS = 1000;
const GAP_BEFORE_NEXT_MS = 50;

function sentenceCase(words: TimedWord[], endsUtterance: boolean): string {
  const text = words.map((w) => (w.word === 'i' ? 'I' : w.word.replace(/^i'/, "I'"))).join(' ');
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return endsUtterance ? `${capitalised}.` : capitalised;
}

/**
 * Groups recognised words into subtitle cues: a new cue at every utterance end and pause, and
 * whenever the next word would break the line budget (2 lines of the language's width) or the
 * 7-second ceiling. Short cues are stretched to 1 s where the following silence allows.
 */
export function buildCues(utterances: readonly Utterance[], language: LanguageCode = 'en'): Cue[] {
  const norms = limitsFor(STREAMING_PROFILE, language);
  const maxChars = norms.maxLineChars * norms.maxLines;
  const maxDurationSeconds = norms.maxDurationMs / 1000;
  const groups: { words: TimedWord[]; endsUtterance: boolean }[] = [];
  for (const utterance of utterances) {
    let group: TimedWord[] = [];
    utterance.forEach((word, i) => {
      const first = group[0];
      const last = group[group.length - 1];
      const length = group.reduce((sum, w) => sum + w.word.length + 1, 0) + word.word.length;
      const breakHere =
        first !== undefined &&
        last !== undefined &&
        (word.start - last.end >= PAUSE_BREAK_SECONDS ||
          length > maxChars ||
          word.end - first.start > maxDurationSeconds);
      if (breakHere) {
        groups.push({ words: group, endsUtterance: false });
        group = [];
      }
      group.push(word);
      if (i === utterance.length - 1) groups.push({ words: group, endsUtterance: true });
    });
  }
  const cues: Cue[] = groups.map((group, i) => ({
    id: cueIdForPosition(i),
    startMs: Math.round((group.words[0]?.start ?? 0) * 1000),
    endMs: Math.round((group.words[group.words.length - 1]?.end ?? 0) * 1000),
    text: wrapText(sentenceCase(group.words, group.endsUtterance), norms, language).join('\n'),
  }));
  cues.forEach((cue, i) => {
    const next = cues[i + 1];
    const limit = next ? next.startMs - GAP_BEFORE_NEXT_MS : Infinity;
    if (cue.endMs - cue.startMs < MIN_CUE_MS)
      cue.endMs = Math.max(cue.endMs, Math.min(cue.startMs + MIN_CUE_MS, limit));
  });
  return cues;
}
