import { open } from 'node:fs/promises';

/**
 * Sets the presented length of a single-track MP4 whose boxes ffmpeg wrote with `+faststart`
 * (moov first): the movie header's and track header's durations and the first edit's segment
 * duration. ffmpeg muxing already encoded AAC frames (stream copy) knows only whole frames, so
 * it presents up to 1023 samples of the last frame's padding; an encoder writing the file
 * itself presents the exact length. The edit's media time (the priming samples skipped) is
 * left as written. Returns false, changing nothing, when the boxes are not where expected.
 */
export async function setMp4Duration(path: string, seconds: number): Promise<boolean> {
  const file = await open(path, 'r+');
  try {
    const head = Buffer.alloc(1024 * 1024);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    const moov = findBox(bytes, 0, bytes.length, 'moov');
    if (!moov) return false;
    const mvhd = findBox(bytes, moov.body, moov.end, 'mvhd');
    const trak = findBox(bytes, moov.body, moov.end, 'trak');
    if (!mvhd || !trak) return false;
    const tkhd = findBox(bytes, trak.body, trak.end, 'tkhd');
    const edts = findBox(bytes, trak.body, trak.end, 'edts');
    const elst = edts && findBox(bytes, edts.body, edts.end, 'elst');
    if (!tkhd || !elst) return false;

    const mvhdV1 = bytes[mvhd.body] === 1;
    const timescale = bytes.readUInt32BE(mvhd.body + (mvhdV1 ? 20 : 12));
    const duration = Math.round(seconds * timescale);
    writeField(bytes, mvhd.body + (mvhdV1 ? 24 : 16), mvhdV1, duration);
    const tkhdV1 = bytes[tkhd.body] === 1;
    writeField(bytes, tkhd.body + (tkhdV1 ? 28 : 20), tkhdV1, duration);
    if (bytes.readUInt32BE(elst.body + 4) < 1) return false;
    writeField(bytes, elst.body + 8, bytes[elst.body] === 1, duration);

    await file.write(bytes, 0, moov.end, 0);
    return true;
  } finally {
    await file.close();
  }
}

interface Box {
  /** Where the box's contents start (after size and type). */
  body: number;
  end: number;
}

function findBox(bytes: Buffer, from: number, to: number, type: string): Box | undefined {
  let at = from;
  while (at + 8 <= to) {
    const size = bytes.readUInt32BE(at);
    if (size < 8 || at + size > to) return undefined;
    if (bytes.toString('latin1', at + 4, at + 8) === type) return { body: at + 8, end: at + size };
    at += size;
  }
  return undefined;
}

function writeField(bytes: Buffer, at: number, wide: boolean, value: number): void {
  if (wide) bytes.writeBigUInt64BE(BigInt(value), at);
  else bytes.writeUInt32BE(value, at);
}
