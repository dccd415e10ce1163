/** A recognised word with its time span (seconds) and the recogniser's posterior confidence. */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
}

/** Words between one `<s>` and `</s>`: pocketsphinx's own utterance, i.e. a stretch of speech. */
export type Utterance = TimedWord[];

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/;

/** Markers that are not words: silence, sentence bounds, noise and filler models. */
function isMarker(token: string): boolean {
  return token.startsWith('<') || token.startsWith('[') || token.startsWith('+');
}

/**
 * Parses `pocketsphinx_continuous -time yes` output: each utterance is a hypothesis line followed
 * by `token start end confidence` lines. Alternative pronunciations (`to(3)`) are reduced to the word.
 */
export function parsePocketsphinxOutput(stdout: string, offsetSeconds = 0): Utterance[] {
  const utterances: Utterance[] = [];
  let current: Utterance = [];
  const flush = () => {
    if (current.length > 0) utterances.push(current);
    current = [];
  };
  for (const raw of stdout.split('\n')) {
    const match = WORD_LINE.exec(raw.trim());
    if (!match) continue;
    const [, token = '', start, end, confidence] = match;
    if (token === '<s>' || token === '</s>') {
      flush();
      continue;
    }
    if (isMarker(token)) continue;
    current.push({
      word: token.replace(/\(\d+\)$/, ''),
      start: Number(start) + offsetSeconds,
      end: Number(end) + offsetSeconds,
      confidence: Math.min(1, Math.max(0, Number(confidence))),
    });
  }
  flush();
  return utterances;
}

export interface ConfidenceStats {
  words: number;
  mean: number;
  /** Share of words with confidence at least 0.5. */
  confidentShare: number;
}

export function confidenceStats(utterances: readonly Utterance[]): ConfidenceStats {
  const words = utterances.flat();
  if (words.length === 0) return { words: 0, mean: 0, confidentShare: 0 };
  const mean = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
  const confident = words.filter((w) => w.confidence >= 0.5).length;
  return { words: words.length, mean, confidentShare: confident / words.length };
}
