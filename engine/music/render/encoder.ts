import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import {
  FFMPEG_QUIET_OVERWRITE,
  spawnTool,
  TOOL,
  type Stage,
} from '../../../shared/node/toolchain';
import { CHANNELS, SAMPLE_RATE } from './fluidsynth';

export type MusicFormat = 'm4a' | 'wav' | 'mp3';

export const CONTENT_TYPES: Record<MusicFormat, string> = {
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/** ffmpeg's input arguments for raw stereo float PCM at the music rate from `source`. */
function rawInput(source: string): string[] {
  return [
    ...FFMPEG_QUIET_OVERWRITE,
    '-f',
    'f32le',
    '-ar',
    String(SAMPLE_RATE),
    '-ac',
    String(CHANNELS),
    '-i',
    source,
  ];
}
const INPUT = rawInput('pipe:0');
/**
 * The fast AAC coder for files too: half the CPU of the default two-loop search, which made
 * encoding the slowest stage of a music render (docs/decisions/090-one-pass-music.md).
 */
const AAC = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k'];

/**
 * Streamed m4a: the fast AAC coder (half the CPU of the default two-loop search, so encoding
 * keeps up with the synthesizer), in fragmented MP4 (empty moov, then one moof+mdat per second of audio), so the bytes
 * so far always form a playable prefix and the concatenation of all chunks is a valid file that
 * ffprobe reads and a browser's MediaSource can append as it arrives.
 */
const STREAM_ARGS = [
  '-c:a',
  'aac',
  '-aac_coder',
  'fast',
  '-b:a',
  '192k',
  '-f',
  'mp4',
  '-movflags',
  'frag_keyframe+empty_moov+default_base_moof',
  '-frag_duration',
  '1000000',
  'pipe:1',
];

const FILE_ARGS: Record<MusicFormat, string[]> = {
  m4a: [...AAC, '-movflags', '+faststart', '-f', 'mp4'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  // The service's mp3 is 320 kbps (client notes 6.1).
  mp3: ['-c:a', 'libmp3lame', '-b:a', '320k', '-f', 'mp3'],
};

/**
 * PCM bytes the encoder's input may hold before `write` waits for ffmpeg: about 12 s of stereo
 * float. The pipe itself holds 64 KB (~0.2 s), so on a busy machine the mastering and ffmpeg
 * took turns, each waiting whenever the other was descheduled; with this slack each runs at its
 * own pace and the pass takes as long as the slower of the two (docs/engine-notes.md §9).
 */
const IN_FLIGHT_BYTES = 4 * 1024 * 1024;

/**
 * The whole ffmpeg command line that encodes a raw float file to `path` with the settings music
 * files use: the bench times it alone as the encoder's own limit (scripts/bench/music-figures.ts).
 */
export function encodeRawFileArgs(rawPath: string, format: MusicFormat, path: string): string[] {
  return [...rawInput(rawPath), ...FILE_ARGS[format], path];
}

export class EncoderError extends Error {}

export interface Encoder {
  /** Writes planar float blocks, waiting when ffmpeg is behind. */
  write(block: readonly Float32Array[]): Promise<void>;
  /** Closes the input and waits for ffmpeg to finish. */
  end(): Promise<void>;
  /** Encoded bytes (stream and adts targets only). */
  output: AsyncIterable<Buffer> | undefined;
  kill(): void;
}

function interleave(block: readonly Float32Array[]): Buffer {
  const frames = block[0]!.length;
  const out = new Float32Array(frames * CHANNELS);
  for (let c = 0; c < CHANNELS; c++) {
    const channel = block[c] ?? block[0]!;
    for (let i = 0; i < frames; i++) out[i * CHANNELS + c] = channel[i]!;
  }
  return Buffer.from(out.buffer);
}

/**
 * Starts ffmpeg reading raw float PCM; target is a file path or the stream (stdout). Throws an
 * EncoderError carrying the toolchain's message (which tool, how to add it) when no ffmpeg runs.
 */
export function startEncoder(
  target:
    | { kind: 'stream' }
    | { kind: 'file'; format: MusicFormat; path: string }
    /** Raw PCM as input 0, then the caller's own inputs and outputs (a mux under a picture). */
    | { kind: 'args'; args: string[]; stage: Stage }
    /**
     * The m4a's AAC as bare ADTS frames on `output`, for encoding a piece in parts that are
     * joined frame by frame (engine/music/produce/encode-halves.ts). `inFlightBytes` raises
     * how much PCM may wait for this encoder, so the mastering can run ahead to the next part.
     */
    | { kind: 'adts'; inFlightBytes?: number },
  signal?: AbortSignal,
): Encoder {
  const args =
    target.kind === 'stream'
      ? [...INPUT, ...STREAM_ARGS]
      : target.kind === 'file'
        ? [...INPUT, ...FILE_ARGS[target.format], target.path]
        : target.kind === 'adts'
          ? [...INPUT, ...AAC, '-f', 'adts', 'pipe:1']
          : [...INPUT, ...target.args];
  const inFlightBytes =
    target.kind === 'adts' ? (target.inFlightBytes ?? IN_FLIGHT_BYTES) : IN_FLIGHT_BYTES;
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawnTool(TOOL.ffmpeg, args, {
      stage: target.kind === 'args' ? target.stage : 'encode',
    });
  } catch (error) {
    throw new EncoderError((error as Error).message);
  }
  let stderr = '';
  let inputError: Error | undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  child.stdin.on('error', (error) => {
    inputError = error;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  const kill = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  signal?.addEventListener('abort', kill, { once: true });
  const failure = async (): Promise<EncoderError> => {
    const code = await exited;
    return new EncoderError(
      `ffmpeg encoder failed (exit ${code}): ${stderr.trim().split('\n').pop() ?? inputError?.message ?? ''}`,
    );
  };

  return {
    output:
      target.kind === 'stream' || target.kind === 'adts'
        ? (child.stdout as AsyncIterable<Buffer>)
        : undefined,
    async write(block) {
      if (inputError || child.exitCode !== null) throw await failure();
      const accepted = child.stdin.write(interleave(block));
      if (!accepted && child.stdin.writableLength > inFlightBytes) {
        // Whichever settles first, the drain listener must go: a pending once() per write
        // piles listeners on stdin (MaxListenersExceededWarning seen when ffmpeg exited early).
        const waiting = new AbortController();
        await Promise.race([
          once(child.stdin, 'drain', { signal: waiting.signal }),
          exited,
        ]).finally(() => waiting.abort());
        if (inputError || child.exitCode !== null) throw await failure();
      }
    },
    async end() {
      child.stdin.end();
      const code = await exited;
      signal?.removeEventListener('abort', kill);
      if (code !== 0) throw await failure();
    },
    kill() {
      signal?.removeEventListener('abort', kill);
      kill();
    },
  };
}
