import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exportRequestSchema } from '../../shared/ipc/channels/media';
import { MediaService } from '../../electron/main/services/media/media-service';
import { formatRow, since } from './measure';
import { toolPath } from '../../shared/node/toolchain';

const run = promisify(execFile);
const ffmpeg = (args: string[]) =>
  run(toolPath('ffmpeg'), ['-v', 'error', '-y', ...args], { maxBuffer: 4 * 1024 * 1024 });

const SOURCES = [
  'testsrc2=size=1280x720:rate=30',
  'smptehdbars=size=1280x720:rate=30',
  'testsrc=size=1280x720:rate=30',
  'rgbtestsrc=size=1280x720:rate=30',
  'cellauto=size=1280x720:rate=30:rule=110',
  // Not colorspectrum: the bundled 2018 ffmpeg (the default) has no such source.
  'yuvtestsrc=size=1280x720:rate=30',
];
const bursts = (seconds: number) =>
  `sine=frequency=300:sample_rate=48000:duration=${seconds},` +
  "volume='if(lt(mod(t,1.3),0.8),4,0.2)':eval=frame";

/**
 * A 720p H.264 clip (x264 veryfast: CABAC and B-frames, as cameras and phones write them) of
 * `seconds` with a hard cut every 10 s (six lavfi pictures in turn) and
 * speech-like bursts: the 10 s pieces are encoded once and joined by stream copy, which is what
 * keeps a 5-minute clip quick to make.
 */
async function makeClip(dir: string, seconds: number, name: string): Promise<string> {
  const pieces: string[] = [];
  for (const [i, source] of SOURCES.entries()) {
    const piece = join(dir, `piece-${i}.mp4`);
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      source,
      '-t',
      '10',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '60',
      piece,
    ]);
    pieces.push(piece);
  }
  const list = join(dir, `${name}.txt`);
  const count = Math.ceil(seconds / 10);
  await writeFile(
    list,
    Array.from({ length: count }, (_, i) => `file '${pieces[i % pieces.length]}'`).join('\n'),
  );
  const out = join(dir, `${name}.mp4`);
  await ffmpeg([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-f',
    'lavfi',
    '-i',
    bursts(seconds),
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'copy',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-shortest',
    out,
  ]);
  return out;
}

/**
 * CPU seconds used by this process's finished children (cutime + cstime in /proc/self/stat, in
 * clock ticks of 1/100 s on Linux); null elsewhere. On a shared machine this says what the work
 * costs when the wall clock mostly says how busy the neighbours were.
 */
function childCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command name start at field 3 (state): cutime is 16, cstime 17.
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
  } catch {
    return null;
  }
}

interface Timing {
  wall: number;
  cpu: number | null;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, Timing]> {
  const start = performance.now();
  const cpuBefore = childCpuSeconds();
  const value = await work();
  const cpuAfter = childCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return [value, { wall: since(start), cpu }];
}

/**
 * Score's media services on generated 720p clips: peaks and shot changes of a 5-minute clip,
 * cold (empty cache) and warm (cached), and the export of a 60 s clip with three lanes
 * (the video's sound, a music take and an SFX take, ducked, normalised, picture copied).
 */
export async function mediaFigures(workDir: string): Promise<string[]> {
  const dir = join(workDir, 'media');
  await mkdir(dir, { recursive: true });
  const fiveMinutes = await makeClip(dir, 300, 'five-minutes');
  const minute = await makeClip(dir, 60, 'one-minute');
  const music = join(dir, 'music.wav');
  const sfx = join(dir, 'sfx.wav');
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=48000:duration=60', music]);
  await ffmpeg(['-f', 'lavfi', '-i', 'anoisesrc=color=pink:duration=5:sample_rate=48000', sfx]);

  // When the first shot change is pushed (media:shotFound), from the start of the cold scan.
  let shotsStart = 0;
  let firstMarker: number | null = null;
  const media = new MediaService({
    cacheDir: join(dir, 'cache'),
    projectFolder: () => join(dir, 'project'),
    emit: (channel) => {
      if (channel === 'media:shotFound' && firstMarker === null) firstMarker = since(shotsStart);
    },
  });
  const [, peaksCold] = await timed(() => media.peaks(fiveMinutes, 100));
  const [, peaksWarm] = await timed(() => media.peaks(fiveMinutes, 100));
  shotsStart = performance.now();
  const [shots, shotsCold] = await timed(() => media.shots(fiveMinutes, 0.3));
  const [, shotsWarm] = await timed(() => media.shots(fiveMinutes, 0.3));
  const found = shots.ok ? shots.value.shotsMs.length : 0;
  // The limit the scan is read against: ffmpeg alone decoding the same clip once, shrunk to the
  // scan's 192 px, with its own default threads and no frames skipped.
  const [, decodeAlone] = await timed(() =>
    ffmpeg(['-i', fiveMinutes, '-map', '0:v:0', '-vf', 'scale=192:-2', '-f', 'null', '-']),
  );

  const [exported, exportSeconds] = await timed(() =>
    media.export(
      exportRequestSchema.parse({
        exportId: randomUUID(),
        kind: 'video',
        videoPath: minute,
        durationMs: 60_000,
        source: { gainDb: 0 },
        tracks: [
          { role: 'music', path: music, gainDb: -6 },
          { role: 'sfx', path: sfx, offsetMs: 20_000, gainDb: -3 },
        ],
        duck: { enabled: true, depthDb: 12 },
        loudness: 'streaming',
        name: 'bench',
      }),
    ),
  );
  if (!exported.ok) throw new Error(exported.error.message);
  const ms = (t: Timing) => `${(t.wall * 1000).toFixed(1)} ms`;
  const cpu = (t: Timing) => (t.cpu === null ? '' : `ffmpeg CPU ${t.cpu.toFixed(2)} s`);
  return [
    `  (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores while measuring)`,
    formatRow('5-min 720p clip: waveform peaks, cold', ms(peaksCold), cpu(peaksCold), 'goal ≤ 3 s'),
    formatRow(
      '5-min 720p clip: waveform peaks, warm',
      ms(peaksWarm),
      cpu(peaksWarm),
      'goal ≤ 100 ms',
    ),
    formatRow(
      `5-min 720p clip: shot changes, cold (${found} found)`,
      ms(shotsCold),
      cpu(shotsCold),
      'goal ≤ 3 s',
    ),
    formatRow('  reference: one ffmpeg decode at 192 px alone', ms(decodeAlone), cpu(decodeAlone)),
    formatRow(
      '5-min 720p clip: shot changes, first markers',
      firstMarker === null ? 'none pushed' : `${(firstMarker * 1000).toFixed(1)} ms`,
      'goal ≤ 1 s',
    ),
    formatRow(
      '5-min 720p clip: shot changes, warm',
      ms(shotsWarm),
      cpu(shotsWarm),
      'goal ≤ 100 ms',
    ),
    formatRow(
      '60 s 720p export, 3 lanes, ducked, normalised',
      `${exportSeconds.wall.toFixed(2)} s`,
      `${(60 / exportSeconds.wall).toFixed(1)}× RT`,
      cpu(exportSeconds),
      exportSeconds.cpu ? `${(60 / exportSeconds.cpu).toFixed(1)}× RT per CPU s` : '',
      'goal ≥ 10×',
    ),
    formatRow(
      '  its loudness / true peak',
      `${exported.value.integratedLufs.toFixed(1)} LUFS`,
      `${exported.value.truePeakDb.toFixed(1)} dBTP`,
      'target −14 / ≤ −1',
    ),
  ];
}
