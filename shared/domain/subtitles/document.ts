import { newCueId, type Cue, type SubtitleDocument } from './cue';

/** One row of the side-by-side grid: the same cue id in each language (absent where missing). */
export interface AlignedRow {
  id: string;
  cues: Record<string, Cue | undefined>;
}

/**
 * Rows for showing languages side by side, matched by cue id (never by index, so a cue
 * deleted in one language does not shift every row below it). Rows follow the first
 * language's order; ids only other languages have follow, in their own order.
 */
export function alignedRows(
  document: SubtitleDocument,
  languages: readonly string[],
): AlignedRow[] {
  const rows = new Map<string, AlignedRow>();
  for (const language of languages) {
    for (const cue of document.languages[language] ?? []) {
      let row = rows.get(cue.id);
      if (!row) {
        row = { id: cue.id, cues: {} };
        rows.set(cue.id, row);
      }
      row.cues[language] = cue;
    }
  }
  return [...rows.values()];
}

/**
 * Adds (or replaces) a language whose file was read separately, pairing its cues with the
 * source's by timing: a cue that starts within `toleranceMs` of a source cue, in order, takes
 * that cue's id, so a translation of the same timing (as proofread returns) lines up row by
 * row. Every other cue gets an id no other language uses, so it shows as an unpaired row. Ids
 * alone cannot pair files: every file is read with `c1`..`cN`, so a file with other timing
 * would otherwise sit beside unrelated cues, and a re-timed row would move both.
 *
 * Replacing the source itself pairs the new cues with the old ones the same way, so the
 * translations stay beside the cues whose timing they share and the rest come apart.
 */
export function addLanguage(
  document: SubtitleDocument,
  language: string,
  cues: readonly Cue[],
  source: string,
  toleranceMs = 500,
): SubtitleDocument {
  const reference = document.languages[source] ?? [];
  const taken = new Set(reference.map((cue) => cue.id));
  for (const [other, list] of Object.entries(document.languages))
    if (other !== language) for (const cue of list) taken.add(cue.id);
  const ids = pairedIds(reference, cues, taken, toleranceMs);
  return {
    languages: {
      ...document.languages,
      [language]: cues.map((cue, i) => ({ ...cue, id: ids[i]! })),
    },
  };
}

/**
 * The id each of `cues` takes: the id of the reference cue it is paired with (each reference
 * cue pairs once, walking both lists in start order), else its own id, or a fresh one derived
 * from it where `taken` (ids other cues answer to) already holds it.
 */
function pairedIds(
  reference: readonly Cue[],
  cues: readonly Cue[],
  taken: Set<string>,
  toleranceMs: number,
): string[] {
  const byStart = (list: readonly Cue[]) =>
    list.map((_, i) => i).sort((a, b) => list[a]!.startMs - list[b]!.startMs);
  const refOrder = byStart(reference);
  const ids: (string | undefined)[] = new Array<string | undefined>(cues.length);
  let next = 0;
  for (const index of byStart(cues)) {
    const start = cues[index]!.startMs;
    while (next < refOrder.length && reference[refOrder[next]!]!.startMs < start - toleranceMs)
      next += 1;
    const candidate = reference[refOrder[next] ?? -1];
    if (candidate && candidate.startMs <= start + toleranceMs) {
      ids[index] = candidate.id;
      next += 1;
    }
  }
  return cues.map((cue, i) => {
    const paired = ids[i];
    if (paired !== undefined) return paired;
    const id = taken.has(cue.id) ? newCueId(cue.id, taken) : cue.id;
    taken.add(id);
    return id;
  });
}
