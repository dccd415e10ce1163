import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWav } from '../audio/wav';
import { renderSfxForVideo, renderSfxWhileAnalysing, type VideoHits } from './index';

const workDir = mkdtempSync(join(tmpdir(), 'sfx-analysing-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const opts = { workDir, format: 'wav' as const, watermarkPayload: 9, watermarkKey: 'k' };
const beds = { durationSeconds: 6, prompt: 'rain on a window, whooshes' };
const hits: VideoHits = { cuts: [2.5, 4], motionPeaks: [1.2] };

describe('renderSfxWhileAnalysing', () => {
  it('renders the same file as renderSfxForVideo when the hits arrive after the ambience', async () => {
    const whole = await renderSfxForVideo({ ...beds, ...hits }, opts);
    let deliver: (value: VideoHits) => void = () => undefined;
    const later = new Promise<VideoHits>((resolve) => (deliver = resolve));
    const pending = renderSfxWhileAnalysing(beds, later, opts);
    await new Promise((resolve) => setTimeout(resolve, 50));
    deliver(hits);
    const split = await pending;
    expect(readFileSync(split.path).equals(readFileSync(whole.path))).toBe(true);
    // The floats handed to the mix are the file's samples before 16-bit rounding.
    const written = await readWav(split.path);
    expect(split.pcm?.[0].length).toBe(written.channels[0]!.length);
    let worst = 0;
    for (let i = 0; i < written.channels[0]!.length; i++)
      worst = Math.max(worst, Math.abs(written.channels[0]![i]! - split.pcm![0][i]!));
    expect(worst).toBeLessThanOrEqual(1 / 32767);
  });

  it('fails with the analysis error, without an unhandled rejection, when the picture fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const failing = new Promise<VideoHits>((_, reject) => (fail = reject));
    const outcome = renderSfxWhileAnalysing(beds, failing, opts).then(
      () => 'rendered',
      (error: Error) => error.message,
    );
    // The analysis fails while the ambience is still rendering, long before anything awaits it.
    fail(new Error('Video analysis failed: broken file'));
    expect(await outcome).toBe('Video analysis failed: broken file');
  });
});
