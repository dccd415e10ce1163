import { describe, expect, it } from 'vitest';
import {
  decodeStreamChunkFrame,
  encodeStreamChunkFrame,
  MAX_FRAME_HEADER_BYTES,
} from './stream-frame';

const bytes = (...values: number[]) => new Uint8Array(values);

/** A frame built by hand, so the tests pin the format rather than echo the encoder. */
function handFrame(headerText: string, data: Uint8Array, lengthField?: number): Uint8Array {
  const header = new TextEncoder().encode(headerText);
  const frame = new Uint8Array(4 + header.byteLength + data.byteLength);
  new DataView(frame.buffer).setUint32(0, lengthField ?? header.byteLength);
  frame.set(header, 4);
  frame.set(data, 4 + header.byteLength);
  return frame;
}

describe('stream:chunk binary frame', () => {
  it('is a big-endian header length, a JSON header, then the bytes unchanged', () => {
    const frame = encodeStreamChunkFrame({ jobId: 'job-1', seq: 7, data: bytes(0, 255, 16) });
    const header = '{"channel":"stream:chunk","jobId":"job-1","seq":7}';
    expect(Array.from(frame.subarray(0, 4))).toEqual([0, 0, 0, header.length]);
    expect(new TextDecoder().decode(frame.subarray(4, 4 + header.length))).toBe(header);
    expect(Array.from(frame.subarray(4 + header.length))).toEqual([0, 255, 16]);
  });

  it('decodes what it encodes, including an empty chunk and a chunk that is a view', () => {
    const backing = bytes(9, 9, 1, 2, 3, 9);
    const view = backing.subarray(2, 5);
    const decoded = decodeStreamChunkFrame(
      encodeStreamChunkFrame({ jobId: 'a', seq: 0, data: view }),
    );
    expect(decoded?.jobId).toBe('a');
    expect(decoded?.seq).toBe(0);
    expect(Array.from(decoded!.data)).toEqual([1, 2, 3]);
    const empty = decodeStreamChunkFrame(
      encodeStreamChunkFrame({ jobId: 'b', seq: 3, data: bytes() }),
    );
    expect(empty?.data.byteLength).toBe(0);
  });

  it('reads a frame that sits inside a larger buffer', () => {
    const frame = handFrame('{"channel":"stream:chunk","jobId":"j","seq":1}', bytes(42));
    const padded = new Uint8Array(frame.byteLength + 8);
    padded.set(frame, 5);
    const decoded = decodeStreamChunkFrame(padded.subarray(5, 5 + frame.byteLength));
    expect(decoded && Array.from(decoded.data)).toEqual([42]);
  });

  it('refuses malformed frames instead of throwing', () => {
    const ok = '{"channel":"stream:chunk","jobId":"j","seq":1}';
    const cases: [string, Uint8Array][] = [
      ['empty', bytes()],
      ['shorter than the length field', bytes(0, 0, 1)],
      ['length past the end', handFrame(ok, bytes(1), ok.length + 10)],
      ['length over the header bound', handFrame(ok, bytes(1), MAX_FRAME_HEADER_BYTES + 1)],
      ['length 0xFFFFFFFF', handFrame(ok, bytes(1), 0xffffffff)],
      ['header not JSON', handFrame('{"channel":', bytes(1))],
      ['header not an object', handFrame('42', bytes(1))],
      ['another channel', handFrame('{"channel":"jobs:changed","jobId":"j","seq":1}', bytes())],
      [
        'seq not a whole number',
        handFrame('{"channel":"stream:chunk","jobId":"j","seq":1.5}', bytes()),
      ],
      ['negative seq', handFrame('{"channel":"stream:chunk","jobId":"j","seq":-1}', bytes())],
      ['jobId missing', handFrame('{"channel":"stream:chunk","seq":1}', bytes())],
      ['header bytes not UTF-8', handFrame('', bytes(0xff, 0xfe, 0x00), 3)],
      ['header empty', handFrame('', bytes(1))],
    ];
    for (const [name, frame] of cases) expect(decodeStreamChunkFrame(frame), name).toBeNull();
  });
});
