import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../engine/testing/harness';
import { ChildProcessEngineLauncher } from '../engine-host/child-process-launcher';
import { EngineHost } from '../engine-host/engine-host';
import { ApiClient } from './api-client';

/**
 * A ~290 MB upload to the real engine, which runs in its own process so this process's
 * memory is the client's alone: the multipart body is streamed from disk, so resident memory
 * must not grow anywhere near the file size, and progress must count every byte.
 */
const appRoot = path.resolve(import.meta.dirname, '../../../..');
const FILE_BYTES = 290 * 1024 * 1024;
let dir: string;
let host: EngineHost;

beforeAll(async () => {
  dir = await tempDir('upload-memory-');
  host = new EngineHost({
    launcher: new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }),
    dataDir: path.join(dir, 'engine'),
  });
  const started = await host.start();
  if (!started.ok) throw new Error(started.error.message);
});
afterAll(async () => {
  await host?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('streamed multipart upload', () => {
  it('sends a 290 MB file with bounded memory and byte progress', async () => {
    const file = path.join(dir, 'voice.wav');
    const handle = await fs.open(file, 'w');
    await handle.truncate(FILE_BYTES); // sparse: nothing is held in memory to make it
    await handle.close();
    const music = path.join(dir, 'music.wav');
    await fs.writeFile(music, Buffer.alloc(1024));

    const client = new ApiClient({
      baseUrl: host.url()!,
      getKey: async () => host.key(),
      clientVersion: 'test',
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const progress: number[] = [];
    let total = 0;
    const result = await client.submit(
      {
        type: 'audio_ducking',
        delivery: 'async',
        fields: {},
        files: { voice_file: file, music_file: music },
        label: 'big',
      },
      (sent, all) => {
        progress.push(sent);
        total = all;
        if (progress.length % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      },
    );
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(total).toBeGreaterThan(FILE_BYTES);
    expect(progress.at(-1)).toBe(total);
    expect(progress.every((value, i) => i === 0 || value >= progress[i - 1]!)).toBe(true);
    expect(progress.length).toBeGreaterThan(100);
    // The engine read the whole body, then refused the zero-filled "audio" (422), charging nothing.
    expect(result).toMatchObject({ ok: false, error: { kind: 'unprocessable', status: 422 } });
    const growthMb = (peak - before) / (1024 * 1024);
    console.log(
      `upload of ${(total / 1048576).toFixed(0)} MiB: RSS growth ${growthMb.toFixed(1)} MiB`,
    );
    expect(growthMb).toBeLessThan(64);
  });

  it('streams a 2 GiB file without growing memory (a server that reads and discards)', async () => {
    const file = path.join(dir, 'long.mov');
    const handle = await fs.open(file, 'w');
    await handle.truncate(2 * 1024 ** 3); // sparse: the page cache serves zeros
    await handle.close();
    let received = 0;
    const server = http.createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk.length));
      request.on('end', () => {
        response.writeHead(422, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: 'not a video' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = new ApiClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        getKey: async () => 'sk_test_key',
        clientVersion: 'test',
      });
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      let total = 0;
      let calls = 0;
      const result = await client.submit(
        {
          type: 'video_analysis',
          delivery: 'async',
          fields: { mode: 'both' },
          files: { video: file },
          label: 'huge',
        },
        (_sent, all) => {
          total = all;
          if (++calls % 64 === 0) peak = Math.max(peak, process.memoryUsage().rss);
        },
      );
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(result).toMatchObject({ ok: false, error: { status: 422 } });
      expect(received).toBe(total);
      expect(total).toBeGreaterThan(2 * 1024 ** 3);
      const growthMb = (peak - before) / (1024 * 1024);
      console.log(`upload of 2 GiB: RSS growth ${growthMb.toFixed(1)} MiB`);
      expect(growthMb).toBeLessThan(64);
    } finally {
      server.close();
    }
  });
});
