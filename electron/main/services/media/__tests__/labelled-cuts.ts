import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { toolPath } from '../../../../../shared/node/toolchain';

const run = promisify(execFile);

export const LABELLED_FPS = 25;
const SIZE = '320x180';

interface Segment {
  /** A lavfi source at any size; it is cut to `seconds` and brought to SIZE. */
  source: string;
  seconds: number;
  /** Filters applied to this shot alone, in its own time (0 = its first frame). */
  filters?: string;
}

/**
 * The labelled set: what each stretch of the clip is and where the real cuts are. Shots 4 and 5
 * are two framings of the same moving picture (a cut between similar shots); shot 5 fades out to
 * black and shot 6 fades in from it (a fade: a gradual change, no frame-to-frame jump); shot 6
 * has a 2-frame white flash in the middle of it (not a cut).
 */
const SEGMENTS: Segment[] = [
  { source: 'testsrc2', seconds: 2 },
  { source: 'smptehdbars', seconds: 1.6 },
  { source: 'rgbtestsrc', seconds: 1.6 },
  { source: 'mandelbrot', seconds: 2 },
  { source: 'testsrc2', seconds: 1.6, filters: 'crop=240:135:0:0' },
  { source: 'testsrc2', seconds: 2, filters: 'crop=240:135:12:6,fade=t=out:st=1.2:d=0.8' },
  {
    source: 'testsrc',
    seconds: 2.4,
    filters: "fade=t=in:st=0:d=0.8,lutyuv=y=235:u=128:v=128:enable='between(t,1.39,1.47)'",
  },
  { source: 'smptebars', seconds: 1.2 },
];

/** Hard cuts (ms): where each shot after the first starts, except the faded-in one. */
export const LABELLED_CUTS_MS = [2000, 3600, 5200, 7200, 8800, 13200];
/** Stretches with no cut where a naive detector may fire: the fade and the flash (ms). */
export const NOT_CUTS_MS = { fade: [10_000, 11_600], flash: [12_200, 12_280] } as const;

/**
 * Encodes the set as H.264 with B-frames (x264 veryfast, as cameras and phones write them) and
 * no key frame forced at a cut (`-sc_threshold 0`, one GOP for the whole clip), so cuts land on
 * every kind of frame, including the B-frames a cheap decode skips.
 */
export async function makeLabelledClip(dir: string): Promise<string> {
  const parts = SEGMENTS.map(
    ({ source, seconds, filters }, i) =>
      `${source}=s=${SIZE}:r=${LABELLED_FPS},trim=duration=${seconds},setpts=PTS-STARTPTS,` +
      `${filters ? `${filters},` : ''}scale=${SIZE.replace('x', ':')},setsar=1,format=yuv420p[s${i}]`,
  );
  const inputs = SEGMENTS.map((_, i) => `[s${i}]`).join('');
  const graph = `${parts.join(';')};${inputs}concat=n=${SEGMENTS.length}:v=1:a=0[v]`;
  const out = path.join(dir, 'labelled.mp4');
  await run(
    toolPath('ffmpeg'),
    [
      '-v',
      'error',
      '-y',
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-sc_threshold',
      '0',
      '-g',
      '1000',
      out,
    ],
    { maxBuffer: 4 * 1024 * 1024 },
  );
  return out;
}
