import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePiece, writeMidiFile } from '../produce/prepare';
import { findShippedSoundFont, resolvePackageFile } from './soundfont-asset';
import { SPESSASYNTH_WORKER_SOURCE } from './spessasynth-worker';

const soundFont = findShippedSoundFont();
const corePath = resolvePackageFile('spessasynth_core');

let dir = '';
let midiPath = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fast-reverb-'));
  // A reverb-heavy arrangement, long enough for the tails to build up.
  midiPath = await writeMidiFile(
    dir,
    preparePiece({ prompt: 'Cinematic orchestral strings and brass, 96 BPM', durationSeconds: 8 })
      .composition,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the worker over the MIDI; returns a hash of every sample and whether it sped the reverb. */
function render(libraryReverb: boolean): Promise<{ hash: string; fastReverb: boolean }> {
  const hash = createHash('sha256');
  const worker = new Worker(SPESSASYNTH_WORKER_SOURCE, {
    eval: true,
    workerData: {
      corePath,
      soundFont,
      midiPath,
      sampleRate: 44100,
      gain: 0.93,
      voiceCap: 96,
      blockFrames: 4096,
      window: 1e6,
      tailFrames: 44100,
      libraryReverb,
    },
  });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: Record<string, unknown>) => {
      if (message.left instanceof Float32Array && message.right instanceof Float32Array) {
        hash.update(new Uint8Array(message.left.buffer));
        hash.update(new Uint8Array(message.right.buffer));
      } else if (message.done) {
        void worker.terminate();
        resolve({ hash: hash.digest('hex'), fastReverb: message.fastReverb === true });
      } else reject(new Error(String(message.error)));
    });
    worker.on('error', reject);
  });
}

describe.skipIf(!soundFont || !corePath)('portable synthesiser reverb', () => {
  it('renders bit-identical audio with the faster reverb loop installed', async () => {
    const library = await render(true);
    const fast = await render(false);
    expect(library.fastReverb).toBe(false);
    expect(fast.fastReverb).toBe(true);
    expect(fast.hash).toBe(library.hash);
  }, 120_000);
});
