import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { timeSync } from '../../../shared/node/toolchain';
import { CHANNELS } from './fluidsynth';

const BLOCK_FRAMES = 8192;

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

/** Reads an interleaved float32 file back as planar blocks. */
export async function* readRawFloat(path: string): AsyncGenerator<Float32Array[]> {
  const frameBytes = 4 * CHANNELS;
  let pending = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, {
    highWaterMark: BLOCK_FRAMES * frameBytes,
  }) as AsyncIterable<Buffer>) {
    const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    const frames = Math.floor(bytes.length / frameBytes);
    const block = timeSync('write', () => {
      const interleaved = new Float32Array(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + frames * frameBytes),
      );
      const planar = Array.from({ length: CHANNELS }, () => new Float32Array(frames));
      for (let i = 0; i < frames; i++)
        for (let c = 0; c < CHANNELS; c++) planar[c]![i] = interleaved[i * CHANNELS + c]!;
      return planar;
    });
    pending = Buffer.from(bytes.subarray(frames * frameBytes));
    if (frames > 0) yield block;
  }
}
