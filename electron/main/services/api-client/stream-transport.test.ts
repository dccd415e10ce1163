import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';

/**
 * Transport edge cases the engine cannot produce on demand: an NDJSON body delivered in
 * arbitrary byte slices (splitting lines, base64 and a multi-byte character), and a body that
 * ends without `complete`. Everything else is tested against the real engine.
 */
let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function serveSlices(slices: Buffer[], status = 200): Promise<string> {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      void (async () => {
        response.writeHead(status, { 'content-type': 'application/x-ndjson' });
        for (const slice of slices) {
          response.write(slice);
          await new Promise((r) => setTimeout(r, 2));
        }
        response.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

function sliceEvery(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const slices: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) slices.push(bytes.subarray(i, i + size));
  return slices;
}

const request = {
  type: 'text_to_music' as const,
  delivery: 'stream' as const,
  fields: { prompt: 'p', duration: 5 },
  files: {},
  label: 't',
};

describe('ApiClient.stream transport', () => {
  it('reassembles lines split at odd byte boundaries, in order', async () => {
    const audio = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    const lines = [
      JSON.stringify({ type: 'title', title: 'Nuit — «été»', display_tags: ['calm'] }),
      JSON.stringify({
        type: 'audio_chunk',
        data: audio.subarray(0, 1700).toString('base64'),
        stream_index: 0,
        num_streams: 1,
      }),
      '',
      JSON.stringify({ type: 'trace', msg: 'ignored' }),
      JSON.stringify({
        type: 'audio_chunk',
        data: audio.subarray(1700).toString('base64'),
        stream_index: 0,
        num_streams: 1,
      }),
      JSON.stringify({
        type: 'cost',
        billing_rate_per_sec: '0.01',
        billing_after_discount: '0.0400',
      }),
      JSON.stringify({ type: 'complete' }),
    ];
    const base = await serveSlices(sliceEvery(`${lines.join('\n')}\n`, 7));
    const client = new ApiClient({
      baseUrl: base,
      getKey: async () => 'sk_test_key',
      clientVersion: '0.0.0',
    });
    const received: Buffer[] = [];
    const types: string[] = [];
    const result = await client.stream(request, {
      onEvent: (e) => types.push(e.type),
      onBytes: (bytes) => void received.push(Buffer.from(bytes)),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(types).toEqual(['title', 'audio_chunk', 'unknown', 'audio_chunk', 'cost', 'complete']);
    expect(Buffer.concat(received).equals(audio)).toBe(true);
    expect(result.value.title?.title).toBe('Nuit — «été»');
    expect(result.value.cost?.billingAfterDiscount).toBe(0.04);
    expect(result.value.bytes).toBe(audio.length);
  });

  it('reports a stream without complete as truncated', async () => {
    const line = JSON.stringify({
      type: 'audio_chunk',
      data: 'AAEC',
      stream_index: 0,
      num_streams: 1,
    });
    const base = await serveSlices([Buffer.from(`${line}\n`)]);
    const client = new ApiClient({ baseUrl: base, getKey: async () => 'k', clientVersion: '0' });
    const result = await client.stream(request, {});
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'upstream', code: 'truncated_stream' },
    });
  });

  it('turns an error event into an upstream error with its code, and a non-JSON line into a malformed error', async () => {
    const base = await serveSlices([
      Buffer.from(`${JSON.stringify({ type: 'error', code: 'MODAL_DEAD', message: '' })}\n`),
    ]);
    const client = new ApiClient({ baseUrl: base, getKey: async () => 'k', clientVersion: '0' });
    expect(await client.stream(request, {})).toMatchObject({
      ok: false,
      error: { kind: 'upstream', code: 'MODAL_DEAD', message: 'generation failed' },
    });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const base2 = await serveSlices([Buffer.from('{"type":"title"\nnot json\n')]);
    const client2 = new ApiClient({ baseUrl: base2, getKey: async () => 'k', clientVersion: '0' });
    expect(await client2.stream(request, {})).toMatchObject({
      ok: false,
      error: { code: 'UPSTREAM_MALFORMED' },
    });
  });

  it('answers no_key without sending anything when no key is set', async () => {
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:9',
      getKey: async () => null,
      clientVersion: '0',
    });
    expect(await client.getServices()).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', code: 'no_key' },
    });
  });

  it('maps a refused connection to a network error', async () => {
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:9',
      getKey: async () => 'k',
      clientVersion: '0',
    });
    const result = await client.getTask('x');
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', retryable: true } });
  });
});
