import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { toolPath } from '../../../shared/node/toolchain';
import { hasFestivalEnglish, hasNativeEspeak } from '../../testing/optional-tools';
import { speakWithEspeakWasm } from '../espeak-wasm';

const exec = promisify(execFile);

export async function makeTempDir(
  prefix: string,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * English speech from Festival's kal voice: clear enough for pocketsphinx (WER ~0.04). Without
 * Festival it is espeak-ng's English instead (still speech for voice detection and dubbing, but
 * tests that recognise the words must also need `hasFestivalEnglish`).
 */
export async function festivalSpeech(
  dir: string,
  text: string,
  name = 'festival.wav',
): Promise<string> {
  if (!hasFestivalEnglish) return espeakSpeech(dir, 'en-us', text, name);
  const textFile = join(dir, `${name}.txt`);
  const out = join(dir, name);
  await writeFile(textFile, `${text}\n`);
  await exec(toolPath('text2wave'), ['-eval', '(voice_kal_diphone)', '-o', out, textFile]);
  return out;
}

export async function espeakSpeech(
  dir: string,
  voice: string,
  text: string,
  name = 'espeak.wav',
): Promise<string> {
  const out = join(dir, name);
  // The espeak-ng program when installed, else the WebAssembly build bundled with the app.
  if (hasNativeEspeak) await exec(toolPath('espeak-ng'), ['-v', voice, '-w', out, text]);
  else await writeFile(out, await speakWithEspeakWasm(voice, text));
  return out;
}

/** A test-pattern picture with the given audio under it (padded with silence to `seconds`), as mp4. */
export async function videoWithAudio(
  dir: string,
  audio: string | null,
  seconds: number,
  name = 'clip.mp4',
): Promise<string> {
  const out = join(dir, name);
  const picture = ['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${seconds}`];
  const sound = audio
    ? [
        '-i',
        audio,
        '-filter_complex',
        `[1:a]apad,atrim=0:${seconds},aformat=channel_layouts=stereo[a]`,
        '-map',
        '0:v',
        '-map',
        '[a]',
      ]
    : [
        '-f',
        'lavfi',
        '-i',
        `anullsrc=r=44100:cl=stereo,atrim=end=${seconds}`,
        '-map',
        '0:v',
        '-map',
        '1:a',
      ];
  await exec(toolPath('ffmpeg'), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...picture,
    ...sound,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-t',
    String(seconds),
    out,
  ]);
  return out;
}

export async function probeDuration(path: string, stream: 'a' | 'v'): Promise<number> {
  const { stdout } = await exec(toolPath('ffprobe'), [
    '-v',
    'error',
    '-select_streams',
    `${stream}:0`,
    '-show_entries',
    'stream=duration',
    '-of',
    'csv=p=0',
    path,
  ]);
  return Number(stdout.trim());
}

/** Word error rate of a hypothesis against a reference (both lower-cased, punctuation dropped). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z' ]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const ref = norm(reference);
  const hyp = norm(hypothesis);
  const row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i += 1) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= hyp.length; j += 1) {
      const above = row[j] ?? 0;
      row[j] = Math.min(
        above + 1,
        (row[j - 1] ?? 0) + 1,
        diagonal + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return (row[hyp.length] ?? 0) / Math.max(1, ref.length);
}

/**
 * A video whose stereo soundtrack is centred speech over stereo-wide "music" (a different tone
 * in each channel), the case the speech-free bed is built for.
 */
export async function speechOverMusicVideo(
  dir: string,
  speech: string,
  seconds: number,
  name = 'dialogue.mp4',
): Promise<string> {
  const out = join(dir, name);
  await exec(toolPath('ffmpeg'), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x240:rate=25:duration=${seconds}`,
    '-i',
    speech,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=44100:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=550:sample_rate=44100:duration=${seconds}`,
    '-filter_complex',
    `[1:a]aresample=44100,apad,atrim=0:${seconds},pan=stereo|c0=c0|c1=c0[s];` +
      `[2:a][3:a]amerge=inputs=2,volume=0.08,apad[m];[s][m]amix=inputs=2:duration=first,volume=2[a]`,
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-t',
    String(seconds),
    out,
  ]);
  return out;
}

/** md5 of a file's video stream, copied without decoding: equal only for a bit-exact picture. */
export async function videoStreamMd5(path: string): Promise<string> {
  const { stdout } = await exec(toolPath('ffmpeg'), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    path,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ]);
  return stdout.trim();
}

/** Downloads a result URL (no auth, like the official clients) into a file. */
export async function download(
  url: string,
  path: string,
): Promise<{ status: number; contentType: string | null }> {
  const response = await fetch(url);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return { status: response.status, contentType: response.headers.get('content-type') };
}

/**
 * A 7 s clip of Spanish speech (eSpeak NG): speech the offline recogniser must refuse as not
 * English, in proofread and in dubbing without scripts.
 */
export async function spanishSpeechVideo(dir: string): Promise<string> {
  const spanish = await espeakSpeech(
    dir,
    'es',
    'Hola y bienvenidos a nuestro vídeo corto. Hoy hablamos del tiempo en las montañas.',
    'es.wav',
  );
  return videoWithAudio(dir, spanish, 7, 'spanish.mp4');
}
