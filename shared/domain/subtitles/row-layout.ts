import type { Cue } from './cue';
import { alignedRows, type AlignedRow } from './document';

type Languages = Readonly<Record<string, readonly Cue[]>>;

/** The table's rows for some cue lists, and where each cue sits, kept to follow the next edit. */
export interface RowLayout {
  languages: Languages;
  shown: readonly string[];
  rows: readonly AlignedRow[];
  /** Per shown language: the row index of the cue at each position. */
  rowOf: ReadonlyMap<string, Int32Array>;
}

/**
 * Languages that translate each other cue for cue (the usual case: a source and its
 * translations) have the same ids in the same order; their rows are then one per position,
 * with no map to build.
 */
function pairedLayout(languages: Languages, shown: readonly string[]): RowLayout | null {
  const first = languages[shown[0] ?? ''] ?? [];
  // A repeated id shares one row in alignedRows; leave such a script to it.
  if (new Set(first.map((cue) => cue.id)).size !== first.length) return null;
  const lists = shown.map((language) => languages[language] ?? []);
  for (const cues of lists) {
    if (cues.length !== first.length) return null;
    for (let i = 0; i < cues.length; i += 1) if (cues[i]!.id !== first[i]!.id) return null;
  }
  const rows: AlignedRow[] = first.map((cue, i) => {
    const cues: Record<string, Cue | undefined> = {};
    shown.forEach((language, k) => (cues[language] = lists[k]![i]));
    return { id: cue.id, cues };
  });
  const identity = Int32Array.from(first, (_, i) => i);
  return { languages, shown, rows, rowOf: new Map(shown.map((language) => [language, identity])) };
}

function layout(languages: Languages, shown: readonly string[]): RowLayout {
  const paired = pairedLayout(languages, shown);
  if (paired) return paired;
  const rows = alignedRows({ languages: languages as Record<string, Cue[]> }, shown);
  const indexOf = new Map(rows.map((row, i) => [row.id, i]));
  const rowOf = new Map<string, Int32Array>();
  for (const language of shown) {
    const cues = languages[language] ?? [];
    rowOf.set(
      language,
      Int32Array.from(cues, (cue) => indexOf.get(cue.id)!),
    );
  }
  return { languages, shown, rows, rowOf };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * `alignedRows` for the next version of the script, from the last layout (docs/subtitles.md,
 * "Speed"): when every shown language has the same cue ids in the same places (typing, a
 * retime, a shift), only the rows of replaced cues are new objects and the rest are the same,
 * so a keystroke costs a pass of identity checks instead of 5,000 new rows. Anything else (a
 * split, a merge, another column) is laid out afresh.
 */
export function followRows(
  previous: RowLayout | null,
  languages: Languages,
  shown: readonly string[],
): RowLayout {
  if (!previous || !sameList(previous.shown, shown)) return layout(languages, shown);
  if (previous.languages === languages) return previous;
  let rows: AlignedRow[] | null = null;
  for (const language of shown) {
    const cues = languages[language] ?? [];
    const before = previous.languages[language] ?? [];
    if (cues === before) continue;
    if (cues.length !== before.length) return layout(languages, shown);
    const rowOf = previous.rowOf.get(language)!;
    let replaced = 0;
    for (let i = 0; i < cues.length; i += 1) {
      const cue = cues[i]!;
      if (cue === before[i]) continue;
      if (cue.id !== before[i]!.id) return layout(languages, shown);
      // A shift of every cue: laying out afresh is cheaper than copying each row's cues.
      if ((replaced += 1) > 64 && replaced > cues.length / 8) return layout(languages, shown);
      rows ??= previous.rows.slice();
      const at = rowOf[i]!;
      rows[at] = { id: cue.id, cues: { ...rows[at]!.cues, [language]: cue } };
    }
  }
  return { languages, shown, rows: rows ?? previous.rows, rowOf: previous.rowOf };
}
