import { formatTimestamp, renumber, splitLines } from './cue';
import type { Cue, SubtitleParseError, SubtitleParseResult } from './cue';
import { readCue, toBlocks } from './srt';

/** Blocks that carry no cue (WebVTT spec section 4). */
const NON_CUE_BLOCK = /^(NOTE|STYLE|REGION)(\s|$)/;

/** Parses WebVTT text: header, then cues with optional identifiers and cue settings. */
export function parseVtt(text: string): SubtitleParseResult {
  const errors: SubtitleParseError[] = [];
  const cues: Cue[] = [];
  const blocks = toBlocks(splitLines(text));
  const header = blocks.shift();
  if (!header || !/^WEBVTT(\s|$)/.test(header.lines[0] ?? '')) {
    errors.push({ line: header?.firstLine ?? 1, message: 'Missing "WEBVTT" header' });
    return { cues, errors };
  }
  for (const block of blocks) {
    if (NON_CUE_BLOCK.test(block.lines[0] ?? '')) continue;
    // An identifier line may precede the timing line; it never contains "-->".
    const cursor = (block.lines[0] ?? '').includes('-->') ? 0 : 1;
    readCue(block, cursor, cues, errors);
  }
  return { cues, errors };
}

export function serializeVtt(cues: readonly Cue[]): string {
  const body = renumber(cues)
    .map(
      (cue) =>
        `${cue.index}\n${formatTimestamp(cue.start, '.')} --> ${formatTimestamp(cue.end, '.')}\n${cue.text}\n`,
    )
    .join('\n');
  return `WEBVTT\n\n${body}`;
}
