import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILENT_PEAK } from '../../../../shared/domain/dub';
import { toolPath } from '../../../../shared/node/toolchain';
import { loudestPeak } from '../media/loudest-peak';
import { MediaService } from '../media/media-service';
import { probeMedia } from '../media/probe';
import { DubFacts } from './dub-facts';

/**
 * The sound facts Dub's preflight uses, on real files made with ffmpeg: a spoken-level tone, a
 * track of digital silence with faint noise, and a picture with no sound at all.
 */
let base: string;
const clip = (name: string, audio: string | null) => {
  const out = path.join(base, name);
  execFileSync(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=64x48:rate=10:duration=3',
    ...(audio ? ['-f', 'lavfi', '-i', audio, '-shortest'] : []),
    out,
  ]);
  return out;
};

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'dub-sound-'));
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('DubFacts: the sound of each video', () => {
  it('measures the loudest peak, tells silence and no sound apart', async () => {
    const tone = clip('tone.mp4', 'sine=frequency=300:sample_rate=44100:duration=3');
    const hiss = clip(
      'hiss.mp4',
      'anoisesrc=color=white:amplitude=0.002:sample_rate=44100:duration=3',
    );
    const mute = clip('mute.mp4', null);
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
