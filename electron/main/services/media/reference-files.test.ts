import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolPath } from '../../../../shared/node/toolchain';
import { inspectMedia, probeMedia } from './probe';

/**
 * Main's own probing of files the user picked: a playlist or concat list posing as a video is
 * refused in plain words and never read through, like an empty or a text file.
 */
let dir: string;
let secret: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reference-files-'));
  secret = join(dir, 'private.mp4');
  const ffmpeg = toolPath('ffmpeg');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=2', secret]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("main's probe of picked files", () => {
  it('refuses playlists and concat lists, empty and text files, in plain words', async () => {
    const cases: [string, string, RegExp][] = [
      ['clip.m3u8', `#EXTM3U\n#EXTINF:10,\n${secret}\n#EXT-X-ENDLIST\n`, /not an audio or video/],
      ['list.mp4', `ffconcat version 1.0\nfile '${secret}'\n`, /not an audio or video/],
      ['empty.mp4', '', /empty/],
      ['notes.mp4', 'plain text\n', /not an audio or video/],
    ];
    for (const [name, bytes, message] of cases) {
      const file = join(dir, name);
      await writeFile(file, bytes);
      for (const answer of [await probeMedia(file), await inspectMedia(file)]) {
        expect(answer.ok, name).toBe(false);
        const text = answer.ok ? '' : answer.error.message;
        expect(text, name).toMatch(message);
        expect(text, name).not.toMatch(/moov|whitelist|Invalid data/i);
      }
    }
    // The real file still reads.
    expect((await probeMedia(secret)).ok).toBe(true);
  });

  it('refuses a video cut short, saying how much of it can be read', async () => {
    const whole = join(dir, 'whole.mp4');
    const ffmpeg = toolPath('ffmpeg');
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=8'],
      ...['-f', 'lavfi', '-i', 'sine=duration=8', '-shortest', '-c:v', 'libx264', '-c:a', 'aac'],
      ...['-movflags', '+faststart', whole],
    ]);
    const bytes = await readFile(whole);
    const cut = join(dir, 'cut.mp4');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.42)));
    expect((await probeMedia(whole)).ok).toBe(true);
    const answer = await probeMedia(cut);
    expect(answer.ok ? '' : answer.error.message).toMatch(
      /cut short: only \d+\.\d s of its 8\.0 s/,
    );
  });

  it('reports a rotated phone video at the size it is shown', async () => {
    const stored = join(dir, 'landscape.mp4');
    const rotated = join(dir, 'portrait.mp4');
    const ffmpeg = toolPath('ffmpeg');
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=1'],
      ...['-c:v', 'libx264', stored],
    ]);
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y', '-i', stored, '-c', 'copy', '-metadata:s:v:0', 'rotate=90'],
      rotated,
    ]);
    expect(await probeMedia(rotated)).toMatchObject({
      ok: true,
      value: { width: 240, height: 320 },
    });
    expect(await inspectMedia(rotated)).toMatchObject({
      ok: true,
      value: { video: { width: 240, height: 320 } },
    });
  });
});
