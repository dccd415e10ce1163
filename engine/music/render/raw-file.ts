import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { timeSync } from '../../../shared/node/toolchain';
import { CHANNELS } from './fluidsynth';

/** Stores planar float blocks as interleaved little-endian float32, passing each block on. */
export async function writeRawFloat(
  path: string,
  source: AsyncIterable<Float32Array[]>,
  onBlock: (block: Float32Array[]) => void,
): Promise<number> {
  const out = createWriteStream(path);
  const failed = once(out, 'error');
  let frames = 0;
  try {
    for await (const block of source) {
      onBlock(block);
      const length = block[0]!.length;
      const interleaved = timeSync('write', () => {
        const out = new Float32Array(length * CHANNELS);
        for (let c = 0; c < CHANNELS; c++) {
          const channel = block[c]!;
          for (let i = 0; i < length; i++) out[i * CHANNELS + c] = channel[i]!;
        }
        return out;
      });
      frames += length;
      if (!out.write(Buffer.from(interleaved.buffer)))
        await Promise.race([once(out, 'drain'), failed]);
    }
  } finally {
    out.end();
  }
  await Promise.race([once(out, 'finish'), failed]);
  return frames;
}

/** Frames per read of the work file: 512 KB reads, re-blocked downstream by the mastering. */
const READ_FRAMES = 65536;

/**
 * Reads an interleaved float32 file back as planar blocks. Each read lands at the start of one
 * aligned buffer that is viewed as floats in place (no copy before splitting the channels), and
 * a frame cut across reads is carried to the front of the next.
 */
export async function* readRawFloat(path: string): AsyncGenerator<Float32Array[]> {
  const frameBytes = 4 * CHANNELS;
  const floats = new Float32Array(READ_FRAMES * CHANNELS);
  const bytes = Buffer.from(floats.buffer);
  const handle = await open(path, 'r');
  try {
    let carried = 0;
    for (;;) {
      const { bytesRead } = await handle.read(bytes, carried, bytes.length - carried, null);
      const available = carried + bytesRead;
      const frames = Math.floor(available / frameBytes);
      if (frames > 0) {
        yield timeSync('write', () => {
          const planar = Array.from({ length: CHANNELS }, () => new Float32Array(frames));
          for (let c = 0; c < CHANNELS; c++) {
            const channel = planar[c]!;
            for (let i = 0; i < frames; i++) channel[i] = floats[i * CHANNELS + c]!;
          }
          return planar;
        });
      }
      carried = available - frames * frameBytes;
      if (carried > 0) bytes.copyWithin(0, frames * frameBytes, available);
      if (bytesRead === 0) return;
    }
  } finally {
    await handle.close();
  }
}
