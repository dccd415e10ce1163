import { availableParallelism } from 'node:os';
import { spawnTool, ToolUnavailableError, TOOL } from '../../../shared/node/toolchain';

/** Debian's fluid-soundfont-gm: MIT-licensed, so generated music stays commercially usable. */
export const SOUNDFONT_PATH = '/usr/share/sounds/sf2/FluidR3_GM.sf2';
export const SAMPLE_RATE = 44100;
export const CHANNELS = 2;
/** FluidR3 pop arrangements clip at 0.6 (design notes, section 1); mastering adds the gain back. */
export const RENDER_GAIN = 0.4;
/** Frames per block handed downstream: ~93 ms, small enough for a quick first chunk. */
const BLOCK_FRAMES = 4096;
/** Render threads: two where the machine has two cores (more voices per period gain little). */
const SYNTH_THREADS = Math.min(2, availableParallelism());

export class RenderError extends Error {}

/** Interleaved little-endian float32 stereo bytes to planar channels. */
export function deinterleave(bytes: Buffer, byteOffset: number, frames: number): Float32Array[] {
  // Floats are read in place where the bytes are 4-aligned (the file tailer's own buffer);
  // Buffer slices from a pipe may sit at odd offsets, and those are copied to align them.
  const start = bytes.byteOffset + byteOffset;
  const interleaved =
    start % 4 === 0
      ? new Float32Array(bytes.buffer, start, frames * CHANNELS)
      : new Float32Array(bytes.buffer.slice(start, start + frames * 4 * CHANNELS));
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = interleaved[2 * i]!;
    right[i] = interleaved[2 * i + 1]!;
  }
  return [left, right];
}

/** A running fluidsynth render: its process, its exit code, and how to stop it. */
export interface FluidsynthRun {
  child: ReturnType<typeof spawnTool>;
  exited: Promise<number | null>;
  /** Throws the RenderError for an abort or a failed exit, after the process has ended. */
  check(): Promise<void>;
  kill(): void;
}

/**
 * Starts fluidsynth rendering `midiPath` as raw little-endian float PCM to `output` ('-' for
 * stdout, or a file path) as fast as it can. Aborting kills the process.
 */
export function startFluidsynth(
  midiPath: string,
  output: string,
  options: { signal?: AbortSignal; soundfont?: string } = {},
): FluidsynthRun {
  if (options.signal?.aborted) throw new RenderError('aborted');
  let child: ReturnType<typeof spawnTool>;
  try {
    child = spawnTool(
      TOOL.fluidsynth,
      // Dynamic sample loading reads only the samples the piece uses: the first PCM arrives in
      // ~0.05 s instead of ~0.3-1 s for the whole 142 MB font, with the same output.
      [
        '-n',
        '-i',
        '-q',
        '-o',
        'synth.dynamic-sample-loading=1',
        // Dense orchestral arrangements pile up ringing harp and string tails: capping voices at 96
        // cut fluidsynth's CPU for 60 s of "epic orchestral" from 9.9 s to 3.8 s, changing the
        // output by -41 dB (only the quietest tails are stolen).
        '-o',
        'synth.polyphony=96',
        // The file renderer writes one period per write(): at the default 64 frames that was
        // ~33,000 pipe reads of ~700 bytes for 60 s, each a block and an await here, and it cost
        // more CPU in Node than the mastering (1.4 s per 60 s). 4096 frames is 32 KB per write,
        // one block downstream; the output differs from 64-frame periods by -84 dB (voice timing
        // at period edges), and a given period size always renders the same bytes.
        '-z',
        String(BLOCK_FRAMES),
        // A second thread renders half the voices of each period: bit-identical output, the same
        // CPU, about half the wall time when a core is free (at 64-frame periods the threads'
        // hand-offs cost 60% more CPU; at 4096 they cost nothing measurable).
        '-o',
        `synth.cpu-cores=${SYNTH_THREADS}`,
        '-g',
        String(RENDER_GAIN),
        '-r',
        String(SAMPLE_RATE),
        '-O',
        'float',
        '-E',
        'little',
        '-T',
        'raw',
        '-F',
        output,
        options.soundfont ?? SOUNDFONT_PATH,
        midiPath,
      ],
      { stage: 'synthesis' },
    );
  } catch (error) {
    if (error instanceof ToolUnavailableError) throw new RenderError(error.message);
    throw error;
  }
  child.stdin.end();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
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
  options.signal?.addEventListener('abort', kill, { once: true });
  return {
    child,
    exited,
    async check() {
      const code = await exited;
      options.signal?.removeEventListener('abort', kill);
      if (options.signal?.aborted) throw new RenderError('aborted');
      if (code !== 0)
        throw new RenderError(
          `fluidsynth failed (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`,
        );
    },
    kill() {
      options.signal?.removeEventListener('abort', kill);
      kill();
    },
  };
}

/**
 * Renders a MIDI file with the fluidsynth CLI as fast as it can, reading raw little-endian float
 * PCM from its stdout, and yields planar stereo blocks as they arrive. Returning early or aborting
 * kills the process.
 */
export async function* renderMidi(
  midiPath: string,
  options: { signal?: AbortSignal; soundfont?: string } = {},
): AsyncGenerator<Float32Array[]> {
  const run = startFluidsynth(midiPath, '-', options);

  const frameBytes = 4 * CHANNELS;
  let pending = Buffer.alloc(0);
  try {
    for await (const chunk of run.child.stdout as AsyncIterable<Buffer>) {
      const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      const frames = Math.floor(bytes.length / frameBytes);
      pending = Buffer.from(bytes.subarray(frames * frameBytes));
      for (let from = 0; from < frames; from += BLOCK_FRAMES) {
        const count = Math.min(BLOCK_FRAMES, frames - from);
        yield deinterleave(bytes, from * frameBytes, count);
      }
    }
    await run.check();
  } finally {
    run.kill();
  }
}
