import type { Cue, SubtitleDocument } from './cue';

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
 * Adds a language whose file was read separately: when it has as many cues as the source and
 * every cue starts within `toleranceMs` of its counterpart (a translation of the same timing,
 * as proofread returns), its cues take the source's ids so they line up; otherwise they keep
 * their own ids and show as unpaired rows.
 */
export function addLanguage(
  document: SubtitleDocument,
  language: string,
  cues: readonly Cue[],
  source: string,
  toleranceMs = 500,
): SubtitleDocument {
  const sourceCues = document.languages[source] ?? [];
  const paired =
    sourceCues.length === cues.length &&
    cues.every((cue, i) => Math.abs(cue.startMs - sourceCues[i]!.startMs) <= toleranceMs);
  const adopted = paired ? cues.map((cue, i) => ({ ...cue, id: sourceCues[i]!.id })) : [...cues];
  return { languages: { ...document.languages, [language]: adopted } };
}
