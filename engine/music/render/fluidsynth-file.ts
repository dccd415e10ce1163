import { open, type FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHANNELS, deinterleave, startFluidsynth } from './fluidsynth';

const FRAME_BYTES = 4 * CHANNELS;
/**
 * Bytes read from the growing file at a time (up to 65536 frames), each read handed on as one
 * block: what meters the blocks does not depend on their size, and every block costs an await
 * and, when the bench measures, two CPU-clock reads.
 */
const READ_BYTES = 65536 * FRAME_BYTES;
/**
 * How long to wait when the reader has caught up: fluidsynth writes ~15,000 frames in 10 ms
 * on two threads, so each read takes a good block, and the end is seen within 10 ms.
 */
const POLL_MS = 10;

/**
 * Renders a MIDI file with fluidsynth straight into `rawPath` (interleaved little-endian float)
 * and yields the planar blocks as they land in the file, so they can be measured meanwhile.
 * Reading the stdout pipe instead stalled fluidsynth whenever the event loop was busy elsewhere
 * (the pipe holds ~15 ms of its output), e.g. while a video's effects were synthesised beside
 * the music; writing its own file, it never waits on Node (docs/decisions/098-engine-speed.md).
 * The file is left in place; returning early or aborting kills the process.
 */
export async function* renderMidiToFile(
  midiPath: string,
  rawPath: string,
  options: { signal?: AbortSignal; soundfont?: string } = {},
): AsyncGenerator<Float32Array[]> {
  const run = startFluidsynth(midiPath, rawPath, options);
  let ended = false;
  void run.exited.then(() => {
    ended = true;
  });
  const buffer = Buffer.alloc(READ_BYTES);
  let handle: FileHandle | undefined;
  let position = 0;
  try {
    for (;;) {
      const endedBeforeRead = ended;
      handle ??= await open(rawPath, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      const { bytesRead } = handle
        ? await handle.read(buffer, 0, READ_BYTES, position)
        : { bytesRead: 0 };
      const frames = Math.floor(bytesRead / FRAME_BYTES);
      if (frames > 0) {
        position += frames * FRAME_BYTES;
        yield deinterleave(buffer, 0, frames);
      }
      // A short read means the reader has caught up with fluidsynth: wait for more rather than
      // read again at once (which returned a period or nothing, for an await and a block each).
      if (bytesRead < READ_BYTES) {
        if (endedBeforeRead) break;
        await sleep(POLL_MS);
      }
    }
    await run.check();
  } finally {
    await handle?.close();
    run.kill();
  }
}
