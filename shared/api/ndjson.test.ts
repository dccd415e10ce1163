import { describe, expect, it } from 'vitest';
import { decodeBase64, NdjsonParser, type NdjsonItem } from './ndjson';

/** Deterministic bytes standing in for m4a audio (every byte value occurs). */
function fakeAudio(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const CHUNKS = [fakeAudio(57, 1), fakeAudio(64, 2), fakeAudio(31, 3)];
const TITLE = 'Café at dawn — 夜明けのカフェ 🌅';

/** A stream as the service sends it: title, chunks, cost with string numbers, complete. */
const STREAM_TEXT =
  [
    JSON.stringify({
      type: 'title',
      title: TITLE,
      summary: 'soft piano',
      display_tags: ['lo-fi', 'piano'],
    }),
    ...CHUNKS.map((chunk) =>
      JSON.stringify({
        type: 'audio_chunk',
        data: toBase64(chunk),
        stream_index: 0,
        num_streams: 1,
      }),
    ),
    JSON.stringify({
      type: 'cost',
      billing_rate_per_sec: '0.01',
      billing_before_discount: '0.6000',
      billing_after_discount: '0.4800',
      discount_factor: '0.8000',
    }),
    JSON.stringify({ type: 'complete' }),
  ].join('\n') + '\n';
const STREAM = new TextEncoder().encode(STREAM_TEXT);

function parseInPieces(bytes: Uint8Array, cuts: number[]): NdjsonItem[] {
  const parser = new NdjsonParser();
  const items: NdjsonItem[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    items.push(...parser.push(bytes.subarray(from, cut)));
    from = cut;
  }
  items.push(...parser.end());
  return items;
}

describe('NdjsonParser', () => {
  const whole = parseInPieces(STREAM, []);

  it('parses the whole stream into the expected events', () => {
    expect(whole.map((item) => (item.ok ? item.event.type : 'bad'))).toEqual([
      'title',
      'audio_chunk',
      'audio_chunk',
      'audio_chunk',
      'cost',
      'complete',
    ]);
    const title = whole[0];
    expect(title?.ok && title.event.type === 'title' && title.event.title).toBe(TITLE);
    const cost = whole[4];
    expect(cost?.ok && cost.event).toMatchObject({
      billing_after_discount: 0.48,
      discount_factor: 0.8,
      billing_rate_per_sec: 0.01,
    });
    const decoded = whole
      .slice(1, 4)
      .map((item) =>
        item.ok && item.event.type === 'audio_chunk' ? decodeBase64(item.event.data) : null,
      );
    expect(decoded).toEqual(CHUNKS);
  });

  it('yields the same events for a split at every byte boundary', () => {
    // The title's multi-byte characters make many of these cuts fall inside a character.
    expect(STREAM.length).toBeGreaterThan(TITLE.length + 40);
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(parseInPieces(STREAM, [cut])).toEqual(whole);
    }
  });

  it('yields the same events when fed one byte at a time', () => {
    const cuts = Array.from({ length: STREAM.length - 1 }, (_, i) => i + 1);
    expect(parseInPieces(STREAM, cuts)).toEqual(whole);
  });

  it('returns each event as soon as its line is complete', () => {
    const parser = new NdjsonParser();
    const firstNewline = STREAM.indexOf(0x0a);
    expect(parser.push(STREAM.subarray(0, firstNewline))).toEqual([]);
    expect(parser.push(STREAM.subarray(firstNewline, firstNewline + 1))).toHaveLength(1);
  });

  it('trims lines, skips blank lines and JSON non-objects, and counts a last line without a newline', () => {
    const text =
      '\n  \r\n{"type":"title","title":"x"}\r\nnull\n42\n"text"\n[1,2]\ntrue\n{"type":"complete"}';
    const items = parseInPieces(new TextEncoder().encode(text), []);
    expect(items.map((item) => (item.ok ? item.event.type : 'bad'))).toEqual(['title', 'complete']);
  });

  it('reports a line that is not JSON instead of throwing, and carries on', () => {
    const text =
      '{"type":"title","title":"x"}\n{"type":"audio_chunk", data:\n{"type":"complete"}\n';
    const items = parseInPieces(new TextEncoder().encode(text), [5]);
    expect(items).toHaveLength(3);
    expect(items[1]).toEqual({ ok: false, line: '{"type":"audio_chunk", data:' });
    expect(items[2]?.ok).toBe(true);
  });

  it('keeps progress and unknown event types as unknown events', () => {
    const lines = [
      '{"type":"stage_start","stage":"compose"}',
      '{"type":"trace","msg":"hi"}',
      '{"type":"final_inputs"}',
      '{"no_type":1}',
    ];
    const items = parseInPieces(new TextEncoder().encode(lines.join('\n')), []);
    expect(items.map((item) => item.ok && item.event.type)).toEqual([
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
    expect(items[0]?.ok && items[0].event.type === 'unknown' && items[0].event.raw).toEqual({
      type: 'stage_start',
      stage: 'compose',
    });
  });

  it('reads error events and defaults their message', () => {
    const items = parseInPieces(
      new TextEncoder().encode('{"type":"error","code":"PROXY_ERROR","message":""}\n'),
      [],
    );
    expect(items[0]).toEqual({
      ok: true,
      event: { type: 'error', code: 'PROXY_ERROR', message: 'generation failed' },
    });
  });
});

describe('decodeBase64 (WHATWG forgiving-base64)', () => {
  const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 0x00, 0x10]);

  it('round-trips padded standard base64', () => {
    expect(toBase64(bytes)).toBe('+/+/ABA=');
    expect(decodeBase64('+/+/ABA=')).toEqual(bytes);
  });

  it('accepts missing padding and ASCII whitespace', () => {
    expect(decodeBase64('+/+/ABA')).toEqual(bytes);
    expect(decodeBase64(' +/+/\nAB\tA=\r\n')).toEqual(bytes);
    expect(decodeBase64('QQ')).toEqual(new Uint8Array([0x41]));
    expect(decodeBase64('')).toEqual(new Uint8Array(0));
  });

  it.each([
    ['the URL-safe alphabet (-)', '-_-_ABA='],
    ['the URL-safe alphabet (_)', 'ab_c'],
    ['a length of 4n+1', 'QUJDR'],
    ['too much padding', 'QQ==='],
    ['padding in the middle', 'QQ==QQ=='],
    ['other characters', 'QU*C'],
  ])('rejects %s', (_label, text) => {
    expect(decodeBase64(text)).toBeNull();
  });
});
