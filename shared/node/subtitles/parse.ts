import { parseSync } from 'subtitle';
import { cueIdForPosition } from '../../domain/subtitles/cue';
import type { Cue } from '../../domain/subtitles/cue';
import type { ReadError, ReadRepair, SubtitleFormat, VttExtras } from '../../domain/subtitles/file';
import { decodeEntities } from '../../domain/subtitles/text';
import { NOTE_GUARD, prepareSubtitleText } from './front';

export interface ParsedSubtitles {
  format: SubtitleFormat;
  cues: Cue[];
  repairs: ReadRepair[];
  vtt: VttExtras | null;
  /** Original line of each cue's timing line, by position (for messages). */
  cueLines: number[];
}

/** `&lt;`/`&gt;` stay encoded: decoded, they would turn into markup on the next read. */
const KEEP_ENCODED = new Set(['lt', 'gt']);
const GUARD_AT_LINE_START = new RegExp(`^${NOTE_GUARD}`, 'gm');

/**
 * Parses subtitle text: the tolerant front finds the structure, `subtitle` parses the canonical
 * result, and cue texts get their HTML entities decoded. All or nothing: an error means no cue
 * was taken.
 */
export function parseSubtitleText(
  text: string,
  hint: SubtitleFormat | null,
): { ok: true; value: ParsedSubtitles } | { ok: false; error: ReadError } {
  const prepared = prepareSubtitleText(text, hint);
  if (!prepared.ok) return prepared;
  const { format, canonical, lineOf, repairs, header, blocks } = prepared.value;
  let nodes: ReturnType<typeof parseSync>;
  try {
    nodes = parseSync(canonical);
  } catch (error) {
    const row = /at row (\d+)/.exec(String((error as Error).message))?.[1];
    const line = row ? (lineOf[Number(row) - 1] ?? 1) : 1;
    return {
      ok: false,
      error: {
        code: 'not_subtitles',
        line,
        message: `Line ${line}: this line could not be read as part of a cue; nothing was imported.`,
      },
    };
  }
  const cues: Cue[] = [];
  let decoded = 0;
  for (const node of nodes) {
    if (node.type !== 'cue') continue;
    const raw = node.data.text.includes(NOTE_GUARD)
      ? node.data.text.replace(GUARD_AT_LINE_START, '')
      : node.data.text;
    const plain = decodeEntities(raw, KEEP_ENCODED);
    if (plain !== raw) decoded += 1;
    cues.push({
      id: cueIdForPosition(cues.length),
      startMs: node.data.start,
      endMs: node.data.end,
      text: plain,
    });
  }
  const frontCues = prepared.value.cues;
  if (cues.length !== frontCues.length) {
    // The front emits exactly one canonical cue per cue it found; anything else is our bug.
    throw new Error(`subtitle reader: ${frontCues.length} cues prepared, ${cues.length} parsed`);
  }
  if (decoded > 0)
    repairs.push({
      code: 'entities-decoded',
      message: `HTML entities such as &amp; decoded in ${decoded} cue(s).`,
      count: decoded,
    });
  const vtt: VttExtras | null =
    format === 'vtt'
      ? {
          header,
          blocks,
          cueSettings: Object.fromEntries(
            frontCues.flatMap((cue, i) =>
              cue.settings ? [[cueIdForPosition(i), cue.settings]] : [],
            ),
          ),
        }
      : null;
  return {
    ok: true,
    value: { format, cues, repairs, vtt, cueLines: frontCues.map((cue) => cue.line) },
  };
}
