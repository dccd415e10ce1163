import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../../../shared/node/toolchain';
import { detectWatermarkFile, DEFAULT_WATERMARK_KEY } from '../../watermark';
import { ebur128, probe } from '../__tests__/measure';
import { streamMusic } from '../index';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'music-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Processes whose command line mentions the work folder (fluidsynth gets the MIDI path there). */
function processesUsing(folder: string): string[] {
  // ps is a system utility, not one of the app's tools.
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(folder) && !line.includes('ps -eo'));
}

describe('streamMusic', () => {
  it('streams fragmented m4a whose chunks concatenate to a valid, mastered, watermarked file', async () => {
    const workDir = join(dir, 'full');
    const stream = streamMusic(
      { prompt: 'upbeat synthwave night drive', durationSeconds: 12 },
      { workDir, watermarkPayload: 4242 },
    );
    expect(stream.title).toMatch(/\w+ \w+/);
    expect(stream.tags).toContain('synthwave');
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream.chunks) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.from(chunks[0]!.subarray(4, 8)).toString('latin1')).toBe('ftyp');

    const path = join(dir, 'stream.m4a');
    await writeFile(path, Buffer.concat(chunks));
    const info = await probe(path);
    expect(info).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 2 });
    expect(Math.abs(info.duration - 12)).toBeLessThan(0.1);
    const loudness = await ebur128(['-i', path]);
    expect(Math.abs(loudness.integrated - -14)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
    expect(await detectWatermarkFile(path, DEFAULT_WATERMARK_KEY)).toMatchObject({
      found: true,
      payload: 4242,
    });
    expect(await readdir(workDir)).toEqual([]);

    // A prefix of the stream is already playable: that is what progressive playback relies on.
    const prefixPath = join(dir, 'prefix.m4a');
    await writeFile(prefixPath, Buffer.concat(chunks.slice(0, Math.ceil(chunks.length / 2))));
    const decoded = await runTool('ffmpeg', ['-v', 'error', '-i', prefixPath, '-f', 'null', '-']);
    expect(decoded.code).toBe(0);
    expect((await probe(prefixPath)).duration).toBeGreaterThan(1);
  });

  it('gives the same bytes for the same prompt, and different ones for another prompt', async () => {
    const collect = async (prompt: string) => {
      const parts: Uint8Array[] = [];
      for await (const chunk of streamMusic(
        { prompt, durationSeconds: 5 },
        { workDir: join(dir, 'det'), watermarkPayload: 1 },
      ).chunks)
        parts.push(chunk);
      return Buffer.concat(parts);
    };
    const [a, b, c] = [
      await collect('sad piano'),
      await collect('sad piano'),
      await collect('happy ukulele'),
    ];
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('kills the synthesizer and cleans up when aborted mid-stream', async () => {
    const workDir = join(dir, 'abort');
    const controller = new AbortController();
    const stream = streamMusic(
      { prompt: 'long epic orchestral piece', durationSeconds: 300 },
      { workDir, watermarkPayload: 2, signal: controller.signal },
    );
    let received = 0;
    await expect(
      (async () => {
        for await (const chunk of stream.chunks) {
          received += chunk.length;
          if (received > 0) controller.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(processesUsing(workDir)).toEqual([]);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('cleans up when the reader stops early', async () => {
    const workDir = join(dir, 'early');
    const stream = streamMusic(
      { prompt: 'techno', durationSeconds: 200 },
      { workDir, watermarkPayload: 3 },
    );
    for await (const chunk of stream.chunks) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(processesUsing(workDir)).toEqual([]);
    expect(await readdir(workDir)).toEqual([]);
  });
});
