import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENT_PEAK } from '../../../../shared/domain/dub';
import { makeTestVideo } from '../../../../engine/testing/media';
import { loudestPeak } from '../media/loudest-peak';
import { MediaService } from '../media/media-service';
import { probeMedia } from '../media/probe';
import { DubFacts } from './dub-facts';

/**
 * The sound facts Dub's preflight uses, on real files made with ffmpeg: a tone with noise, the
 * same turned down under any speech level, and a picture with no sound at all.
 */
let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'dub-sound-'));
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('DubFacts: the sound of each video', () => {
  it('measures the loudest peak, tells silence and no sound apart', async () => {
    const clip = (name: string, sound: { withAudio?: boolean; audioLevel?: number }) =>
      makeTestVideo({ seconds: 3, width: 64, height: 48, dir: base, name, ...sound });
    const tone = await clip('tone.mp4', {});
    const hiss = await clip('hiss.mp4', { audioLevel: 0.05 });
    const mute = await clip('mute.mp4', { withAudio: false });
    const media = new MediaService({
      cacheDir: path.join(base, 'cache'),
      projectFolder: () => base,
      emit: () => undefined,
    });
    const facts = new DubFacts({
      probe: probeMedia,
      peakLevel: (file) => loudestPeak(media, file),
    });
    const [loud, quiet, none] = await facts.videoFacts([tone, hiss, mute]);
    expect(loud).toMatchObject({ hasAudio: true });
    expect(loud!.peakLevel).toBeGreaterThan(0.05);
    expect(quiet).toMatchObject({ hasAudio: true });
    expect(quiet!.peakLevel).toBeLessThan(SILENT_PEAK);
    expect(none).toMatchObject({ hasAudio: false, hasVideo: true });
    expect(none!.peakLevel).toBeUndefined();
  });
});
