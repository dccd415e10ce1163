import { open, readFile, rename, writeFile, unlink, type FileHandle } from 'node:fs/promises';
import { timeWall } from '../../shared/node/toolchain';
import { ffmpeg } from './ffmpeg';

/** Planar audio: one Float32Array per channel, samples nominally in [-1, 1]. */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Reads a RIFF WAV file (PCM 8/16/24/32-bit or IEEE float 32/64, plain or extensible header).
 * Hand-written because general WAV packages are an order of magnitude slower on long files.
 */
export async function readWav(path: string): Promise<DecodedWav> {
  return parseWav(await readFile(path));
}

/** What `readWav` returns: the audio plus the file's own sample encoding. */
export interface DecodedWav extends PcmAudio {
  encoding: { bits: number; float: boolean };
}

export function parseWav(buf: Buffer): DecodedWav {
  if (
    buf.length < 12 ||
    buf.toString('ascii', 0, 4) !== 'RIFF' ||
    buf.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new Error('not a RIFF/WAVE file');
  }
  let format = 0;
  let channelCount = 0;
  let sampleRate = 0;
  let bits = 0;
  let dataStart = -1;
  let dataLength = 0;
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = buf.readUInt16LE(body);
      channelCount = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
      // Extensible: the real format code is the first two bytes of the sub-format GUID.
      if (format === WAVE_FORMAT_EXTENSIBLE && size >= 26) format = buf.readUInt16LE(body + 24);
    } else if (id === 'data') {
      dataStart = body;
      // Streams written by ffmpeg to a pipe carry a 0 or 0xFFFFFFFF size: read to the end.
      dataLength =
        size === 0 || size === 0xffffffff || body + size > buf.length ? buf.length - body : size;
      break;
    }
    offset = body + size + (size % 2);
  }
  if (dataStart < 0 || channelCount === 0 || sampleRate === 0)
    throw new Error('WAV file has no fmt or data chunk');
  const bytesPerSample = bits / 8;
  const frameCount = Math.floor(dataLength / (bytesPerSample * channelCount));
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frameCount));
  const read = sampleReader(buf, format, bits);
  let pos = dataStart;
  for (let i = 0; i < frameCount; i++) {
    for (let c = 0; c < channelCount; c++) {
      channels[c]![i] = read(pos);
      pos += bytesPerSample;
    }
  }
  return { sampleRate, channels, encoding: { bits, float: format === WAVE_FORMAT_FLOAT } };
}

function sampleReader(buf: Buffer, format: number, bits: number): (pos: number) => number {
  if (format === WAVE_FORMAT_FLOAT && bits === 32) return (p) => buf.readFloatLE(p);
  if (format === WAVE_FORMAT_FLOAT && bits === 64) return (p) => buf.readDoubleLE(p);
  if (format === WAVE_FORMAT_PCM) {
    if (bits === 16) return (p) => buf.readInt16LE(p) / 32768;
    if (bits === 24) return (p) => buf.readIntLE(p, 3) / 8388608;
    if (bits === 32) return (p) => buf.readInt32LE(p) / 2147483648;
    if (bits === 8) return (p) => (buf[p]! - 128) / 128;
  }
  throw new Error(`unsupported WAV encoding (format ${format}, ${bits} bits)`);
}

/** Encodes planar audio as a WAV file image: 16-bit PCM (dithered rounding not needed here) or 32-bit float. */
export function encodeWav(audio: PcmAudio, bits: 16 | 32 = 16): Buffer {
  const channelCount = audio.channels.length;
  if (channelCount === 0) throw new Error('no channels to write');
  const frames = audio.channels[0]!.length;
  const bytesPerSample = bits / 8;
  const dataLength = frames * channelCount * bytesPerSample;
  const buf = Buffer.alloc(44 + dataLength);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataLength, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(bits === 32 ? WAVE_FORMAT_FLOAT : WAVE_FORMAT_PCM, 20);
  buf.writeUInt16LE(channelCount, 22);
  buf.writeUInt32LE(audio.sampleRate, 24);
  buf.writeUInt32LE(audio.sampleRate * channelCount * bytesPerSample, 28);
  buf.writeUInt16LE(channelCount * bytesPerSample, 32);
  buf.writeUInt16LE(bits, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataLength, 40);
  // Interleave through a typed view of the payload: far faster than per-sample Buffer writes.
  const aligned = new ArrayBuffer(dataLength);
  if (bits === 32) {
    const view = new Float32Array(aligned);
    for (let c = 0; c < channelCount; c++) {
      const ch = audio.channels[c]!;
      for (let i = 0, j = c; i < frames; i++, j += channelCount) view[j] = ch[i]!;
    }
  } else {
    const view = new Int16Array(aligned);
    for (let c = 0; c < channelCount; c++) {
      const ch = audio.channels[c]!;
      for (let i = 0, j = c; i < frames; i++, j += channelCount) {
        const s = Math.round(ch[i]! * 32767);
        view[j] = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
      }
    }
  }
  Buffer.from(aligned).copy(buf, 44);
  return buf;
}

/** Frames encoded per write: 64k frames of stereo float is 512 KB, however long the audio. */
const WRITE_BLOCK_FRAMES = 65536;

/**
 * Writes a WAV file atomically (temp file in the same folder, then rename), encoding it block by
 * block so a long mix never exists twice more in memory as a whole file image
 * (docs/decisions/094-heavy-stage-gate.md).
 */
export async function writeWav(path: string, audio: PcmAudio, bits: 16 | 32 = 16): Promise<void> {
  await timeWall('write', () =>
    writeAtomically(path, async (file) => {
      const frames = audio.channels[0]?.length ?? 0;
      for (let from = 0; from < frames || from === 0; from += WRITE_BLOCK_FRAMES) {
        const to = Math.min(frames, from + WRITE_BLOCK_FRAMES);
        const image = encodeWav(
          {
            sampleRate: audio.sampleRate,
            channels: audio.channels.map((c) => c.subarray(from, to)),
          },
          bits,
        );
        if (from === 0) {
          // The first block's header, with the sizes of the whole file.
          const dataLength = frames * audio.channels.length * (bits / 8);
          image.writeUInt32LE(36 + dataLength, 4);
          image.writeUInt32LE(dataLength, 40);
          await file.write(image);
        } else await file.write(image.subarray(44));
        if (frames === 0) break;
      }
    }),
  );
}

async function writeAtomically(
  path: string,
  fill: (file: FileHandle) => Promise<void>,
): Promise<void> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const file = await open(temp, 'w');
    try {
      await fill(file);
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

export async function writeFileAtomic(path: string, data: Buffer): Promise<void> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * Decodes any audio or video file ffmpeg can read into planar float PCM at the given rate and
 * channel count (ffmpeg resamples and up/down-mixes).
 */
export async function decodeToPcm(
  path: string,
  sampleRate: number,
  channels: number,
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  const { stdout } = await ffmpeg(
    [
      '-i',
      path,
      '-map',
      '0:a:0',
      '-vn',
      '-f',
      'f32le',
      '-acodec',
      'pcm_f32le',
      '-ac',
      String(channels),
      '-ar',
      String(sampleRate),
      'pipe:1',
    ],
    signal ? { signal } : {},
  );
  const frames = Math.floor(stdout.length / (4 * channels));
  // Copy into an aligned buffer: Buffer pools are not guaranteed 4-byte aligned.
  const interleaved = new Float32Array(frames * channels);
  new Uint8Array(interleaved.buffer).set(stdout.subarray(0, frames * channels * 4));
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let c = 0; c < channels; c++) {
    const ch = out[c]!;
    for (let i = 0, j = c; i < frames; i++, j += channels) ch[i] = interleaved[j]!;
  }
  return out;
}
