import { parseSync } from 'subtitle';
import { runQc } from '../../shared/domain/subtitles/qc';
import { readSubtitleBytes } from '../../shared/node/subtitles';
import { formatRow, ratio } from './measure';

/** A 10,000-cue SRT as editors write it: CRLF, italics, an entity now and then, two lines sometimes. */
export function tenThousandCueSrt(): Uint8Array {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
  const blocks: string[] = [];
  for (let i = 0; i < 10_000; i += 1) {
    const start = i * 2500;
    const text =
      i % 7 === 0
        ? `<i>Line ${i + 1}, said softly &amp; slowly</i>`
        : i % 3 === 0
          ? `Line ${i + 1} of the script, long enough\nto need a second line on screen.`
          : `Line ${i + 1} of the script.`;
    blocks.push(
      `${i + 1}\r\n${stamp(start)} --> ${stamp(start + 2000)}\r\n${text.replace(/\n/g, '\r\n')}\r\n`,
    );
  }
  return new TextEncoder().encode(blocks.join('\r\n'));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Parse + QC of a 10,000-cue SRT with the app's reader (decode, tolerant front, `subtitle`,
 * warnings, every QC rule) next to `subtitle`'s parseSync alone on the same bytes. Runs
 * alternate after a warm-up so both see the same machine load; medians are printed.
 */
export async function subtitleParseSpeed(): Promise<string[]> {
  const bytes = tenThousandCueSrt();
  const ours = () => {
    const read = readSubtitleBytes(bytes, { filename: 'bench.en.srt' });
    if (!read.ok) throw new Error(read.error.message);
    return runQc(read.value.cues, { language: 'en' }).length + read.value.cues.length;
  };
  const alone = () => parseSync(new TextDecoder().decode(bytes)).length;
  for (let i = 0; i < 5; i += 1) {
    ours();
    alone();
  }
  const timesOurs: number[] = [];
  const timesAlone: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    let start = performance.now();
    ours();
    timesOurs.push(performance.now() - start);
    start = performance.now();
    alone();
    timesAlone.push(performance.now() - start);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const a = median(timesOurs);
  const b = median(timesAlone);
  return [
    formatRow('10,000-cue SRT: read + QC (app)', `${a.toFixed(1)} ms`, 'goal ≤ 50 ms'),
    formatRow(
      '10,000-cue SRT: subtitle parseSync alone',
      `${b.toFixed(1)} ms`,
      `app ${ratio(a, b)}`,
    ),
  ];
}
