import { cueIdForPosition } from '../../domain/subtitles/cue';
import type { Cue } from '../../domain/subtitles/cue';
import type { ReadError, ReadRepair, SubtitleFormat, VttExtras } from '../../domain/subtitles/file';
import { decodeEntities } from '../../domain/subtitles/text';
import { prepareSubtitleText } from './front';

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

/**
 * Parses subtitle text: the tolerant front finds the structure and the canonical times, and
 * cue texts get their HTML entities decoded. All or nothing: an error means no cue
 * was taken.
 */
export function parseSubtitleText(
  text: string,
  hint: SubtitleFormat | null,
): { ok: true; value: ParsedSubtitles } | { ok: false; error: ReadError } {
  const prepared = prepareSubtitleText(text, hint);
  if (!prepared.ok) return prepared;
  const { format, repairs, header, blocks } = prepared.value;
  const frontCues = prepared.value.cues;
  // The front has already found every cue, its canonical times and its text lines; running
  // `subtitle`'s parseSync over the canonical text again only repeated that work and was the
  // bulk of the read time (docs/decisions/040-subtitle-reader.md, "Update").
  const cues: Cue[] = [];
  let decoded = 0;
  for (const cue of frontCues) {
    const raw = cue.text.join('\n');
    const plain = decodeEntities(raw, KEEP_ENCODED);
    if (plain !== raw) decoded += 1;
    cues.push({
      id: cueIdForPosition(cues.length),
      startMs: cue.startMs,
      endMs: cue.endMs,
      text: plain,
    });
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
