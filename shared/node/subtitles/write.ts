import { stringifySync } from 'subtitle';
import type { NodeList } from 'subtitle';
import type { Cue } from '../../domain/subtitles/cue';
import { clockTime } from '../../domain/subtitles/cue';
import type { SubtitleFormat, VttExtras } from '../../domain/subtitles/file';

/** `subtitle` formats times through a Date: from 24 h on the hours wrap, so we stop short of it. */
const WRITABLE_LIMIT_MS = 24 * 3_600_000;

export type Written = { ok: true; text: string } | { ok: false; message: string; cueId: string };

/**
 * Text lines that a reader would take for structure: blank lines end a cue, and a line with an
 * arrow reads as a timing line. Blank lines are dropped and `-->` becomes `->`.
 */
function safeText(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.replaceAll('-->', '->'))
    .join('\n');
}

/**
 * WebVTT cue text may not hold a bare `&` (the reader decoded `&amp;` to one). `&lt;` and `&gt;`
 * are left as they are: the reader keeps those encoded so a literal `<` stays apart from a tag.
 */
const escapeVttText = (text: string) => text.replace(/&(?!(?:lt|gt);)/g, '&amp;');

/**
 * Cues -> SRT or WebVTT text through `subtitle`'s stringifySync. VTT keeps its header, its
 * STYLE/REGION/NOTE blocks (after the header) and each cue's settings. Cues are numbered 1..n
 * in list order. Refuses negative times and times from 24 h on, naming the cue.
 */
export function formatSubtitles(
  cues: readonly Cue[],
  format: SubtitleFormat,
  vtt: VttExtras | null = null,
): Written {
  const nodes: NodeList = [];
  if (format === 'vtt') {
    const header = [vtt?.header?.trim() || 'WEBVTT', ...(vtt?.blocks ?? []).map((b) => b.text)];
    nodes.push({ type: 'header', data: header.join('\n\n') });
  }
  for (const cue of cues) {
    if (cue.startMs < 0 || cue.endMs < 0)
      return {
        ok: false,
        cueId: cue.id,
        message: `A cue at ${clockTime(Math.min(cue.startMs, cue.endMs))} has a negative time. Repair its timing, then save again.`,
      };
    if (cue.endMs >= WRITABLE_LIMIT_MS || cue.startMs >= WRITABLE_LIMIT_MS)
      return {
        ok: false,
        cueId: cue.id,
        message: `A cue ends at ${clockTime(Math.max(cue.startMs, cue.endMs))}; subtitle files here stop at 24 hours. Fix its timing, then save again.`,
      };
    const settings = format === 'vtt' ? vtt?.cueSettings[cue.id] : undefined;
    nodes.push({
      type: 'cue',
      data: {
        start: cue.startMs,
        end: cue.endMs,
        text: format === 'vtt' ? escapeVttText(safeText(cue.text)) : safeText(cue.text),
        ...(settings ? { settings } : {}),
      },
    });
  }
  return { ok: true, text: stringifySync(nodes, { format: format === 'vtt' ? 'WebVTT' : 'SRT' }) };
}
