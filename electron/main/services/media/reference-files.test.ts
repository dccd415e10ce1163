import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
});
