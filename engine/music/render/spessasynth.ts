import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { RenderError, SAMPLE_RATE } from './fluidsynth';
import { resolvePackageFile } from './soundfont-asset';
import { SPESSASYNTH_WORKER_SOURCE } from './spessasynth-worker';

/**
 * Master gain of the portable synthesiser. Matched to the native path (fluidsynth at RENDER_GAIN
 * 0.4 with Debian's FluidR3_GM) so mastering sees the same headroom: on six prompts the portable
 * render at gain 1 was a median 0.65 dB louder (range -7.6 to +2.0 dB, the spread being the two
 * fonts' instruments), docs/decisions/072-portable-synthesis.md.
 */
export const PORTABLE_RENDER_GAIN = 0.93;
/** The native path's cap (fluidsynth.ts): dense orchestral tails cost CPU, not audible detail. */
const VOICE_CAP = 96;
/** Same block size as the native path hands downstream (~93 ms). */
const BLOCK_FRAMES = 4096;
/** Blocks rendered ahead of the consumer (~1.5 s of audio). */
const WINDOW_BLOCKS = 16;
/** Release tails kept once the MIDI has ended. */
const TAIL_SECONDS = 3;

type WorkerMessage =
  { left: Float32Array; right: Float32Array } | { done: true } | { error: string };

/**
 * Renders a MIDI file with spessasynth_core (pure JavaScript, no fluidsynth) and a SoundFont,
 * with the native renderer's contract: planar stereo float blocks at 44.1 kHz, abortable, every
 * failure a RenderError. The synthesiser runs in a worker thread, so loading the font and
 * decoding its samples (up to ~0.6 s) never blocks the engine's event loop.
 */
export async function* renderMidiPortable(
  midiPath: string,
  options: { signal?: AbortSignal; soundfont: string },
): AsyncGenerator<Float32Array[]> {
  if (options.signal?.aborted) throw new RenderError('aborted');
  const corePath = resolvePackageFile('spessasynth_core');
  if (!corePath)
    throw new RenderError(
      'The portable synthesiser (spessasynth_core) is missing from this installation: reinstall Soundstage.',
    );
  if (!existsSync(options.soundfont))
    throw new RenderError(
      `The SoundFont ${options.soundfont} is missing: reinstall Soundstage or install fluidsynth with fluid-soundfont-gm.`,
    );
  const worker = new Worker(SPESSASYNTH_WORKER_SOURCE, {
    eval: true,
    workerData: {
      corePath,
      soundFont: options.soundfont,
      midiPath,
      sampleRate: SAMPLE_RATE,
      gain: PORTABLE_RENDER_GAIN,
      voiceCap: VOICE_CAP,
      blockFrames: BLOCK_FRAMES,
      window: WINDOW_BLOCKS,
      tailFrames: TAIL_SECONDS * SAMPLE_RATE,
    },
  });
  const queue: Float32Array[][] = [];
  let finished = false;
  let failure: RenderError | undefined;
  let notify: (() => void) | undefined;
  const wakeUp = (): void => {
    const resume = notify;
    notify = undefined;
    resume?.();
  };
  worker.on('message', (message: WorkerMessage) => {
    if ('error' in message)
      failure ??= new RenderError(`portable synthesiser failed: ${message.error}`);
    else if ('done' in message) finished = true;
    else queue.push([message.left, message.right]);
    wakeUp();
  });
  worker.on('error', (error) => {
    failure ??= new RenderError(`portable synthesiser failed: ${error.message}`);
    wakeUp();
  });
  worker.on('exit', (code) => {
    if (!finished) failure ??= new RenderError(`portable synthesiser stopped (exit ${code})`);
    wakeUp();
  });
  const onAbort = (): void => {
    failure ??= new RenderError('aborted');
    void worker.terminate();
    wakeUp();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (options.signal?.aborted) throw new RenderError('aborted');
      const block = queue.shift();
      if (block) {
        worker.postMessage(1);
        yield block;
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => {
        notify = resolve;
      });
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}
