import type { Peaks } from '../../../../shared/ipc/channels/media';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import {
  FFMPEG_QUIET,
  lastErrorLine,
  runTool,
  type SpawnTool,
  TOOL,
} from '../../../../shared/node/toolchain';
import { KILL_GRACE_MS } from './kill-grace';

/**
 * Reduces 16-bit mono PCM, fed in arbitrary chunks, to one (min, max) pair per bucket scaled to
 * ±127: the Int8 layout of the media:peaks answer. Only the current bucket and the output are
 * held, so memory follows the number of buckets, not the length of the media.
 */
export class PeakReducer {
  private output = new Int8Array(4096);
  private length = 0;
  private carry: number | null = null;
  private inBucket = 0;
  private min = 0;
  private max = 0;
  samples = 0;

  constructor(private readonly samplesPerBucket: number) {}

  push(chunk: Buffer): void {
    let offset = 0;
    if (this.carry !== null && chunk.length > 0) {
      this.take((((chunk[0]! << 8) | this.carry) << 16) >> 16);
      this.carry = null;
      offset = 1;
    }
    const end = offset + Math.floor((chunk.length - offset) / 2) * 2;
    for (let i = offset; i < end; i += 2) this.take(chunk.readInt16LE(i));
    if (end < chunk.length) this.carry = chunk[end]!;
  }

  /** The pairs so far, plus the partial last bucket. */
  finish(): Int8Array {
    if (this.inBucket > 0) this.flush();
    return this.output.slice(0, this.length);
  }

  private take(sample: number): void {
    if (this.inBucket === 0 || sample < this.min) this.min = sample;
    if (this.inBucket === 0 || sample > this.max) this.max = sample;
    this.inBucket += 1;
    this.samples += 1;
    if (this.inBucket === this.samplesPerBucket) this.flush();
  }

  private flush(): void {
    if (this.length + 2 > this.output.length) {
      const grown = new Int8Array(this.output.length * 2);
      grown.set(this.output);
      this.output = grown;
    }
    this.output[this.length++] = Math.round((this.min / 32768) * 127);
    this.output[this.length++] = Math.round((this.max / 32768) * 127);
    this.inBucket = 0;
  }
}

/** Decode rate: a whole number of samples per bucket, at least ~8 kHz so short bursts show. */
export function decodeRateFor(pointsPerSecond: number): number {
  return pointsPerSecond * Math.max(1, Math.ceil(8000 / pointsPerSecond));
}

/**
 * Computes waveform peaks: ffmpeg decodes the first audio stream to mono 16-bit PCM at a low
 * rate on a pipe, and PeakReducer folds it as it arrives (the file is never held in memory).
 */
export async function computePeaks(
  spawn: SpawnTool,
  filePath: string,
  pointsPerSecond: number,
  signal?: AbortSignal,
): Promise<Result<{ peaks: Int8Array; durationMs: number }>> {
  const rate = decodeRateFor(pointsPerSecond);
  const reducer = new PeakReducer(rate / pointsPerSecond);
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET,
      '-i',
      filePath,
      '-map',
      '0:a:0',
      '-vn',
      '-sn',
      '-dn',
      '-ac',
      '1',
      '-ar',
      String(rate),
      '-f',
      's16le',
      'pipe:1',
    ],
    { spawn, killGraceMs: KILL_GRACE_MS, signal, onStdout: (chunk) => reducer.push(chunk) },
  );
  if (run.aborted) return fail('canceled', 'Reading the waveform was canceled.');
  if (run.code !== 0) {
    if (/matches no streams/i.test(run.stderr))
      return fail('no_audio', 'This video has no sound, so there is no source waveform.');
    return fail('peaks_failed', `The waveform could not be read: ${lastErrorLine(run.stderr)}`);
  }
  return ok({
    peaks: reducer.finish(),
    durationMs: Math.round((reducer.samples / rate) * 1000),
  });
}

const MAGIC = 'SSPK';
const HEADER_BYTES = 16;

/** The cache file: "SSPK", format 1, points per second, duration in ms (uint32 LE), then the pairs. */
export function encodePeaksFile(peaks: Int8Array, pointsPerSecond: number, durationMs: number) {
  const file = Buffer.alloc(HEADER_BYTES + peaks.length);
  file.write(MAGIC, 0, 'ascii');
  file.writeUInt32LE(1, 4);
  file.writeUInt32LE(pointsPerSecond, 8);
  file.writeUInt32LE(durationMs, 12);
  Buffer.from(peaks.buffer, peaks.byteOffset, peaks.byteLength).copy(file, HEADER_BYTES);
  return file;
}

/** The media:peaks answer from a cache file; null when the file is not one of ours. */
export function decodePeaksFile(file: Buffer): Peaks | null {
  if (file.length < HEADER_BYTES || file.toString('ascii', 0, 4) !== MAGIC) return null;
  if (file.readUInt32LE(4) !== 1 || (file.length - HEADER_BYTES) % 2 !== 0) return null;
  return {
    pointsPerSecond: file.readUInt32LE(8),
    durationMs: file.readUInt32LE(12),
    peaks: file.subarray(HEADER_BYTES).toString('base64'),
  };
}
