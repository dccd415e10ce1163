import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeToPcm } from '../audio/wav';
import { SAMPLE_RATE, type Stereo } from './dsp/buffer';

/**
 * CC0 one-shots and loops from the Debian `sonic-pi-samples` package (freesound.org, public
 * domain). They fill the gaps where a procedural recipe is weak (doors, bells, phones, crows).
 */
export const SAMPLE_DIR = '/usr/share/sonic-pi/samples';

const cache = new Map<string, Promise<Stereo | null>>();

/** Loads a sample as 44.1 kHz stereo, or null when the package is not installed. */
export function loadSample(name: string, signal?: AbortSignal): Promise<Stereo | null> {
  let pending = cache.get(name);
  if (!pending) {
    const path = join(SAMPLE_DIR, `${name}.flac`);
    pending = access(path)
      .then(() => decodeToPcm(path, SAMPLE_RATE, 2, signal))
      .then((channels) => [channels[0]!, channels[1]!] as Stereo)
      .catch(() => null);
    // A failed (e.g. aborted) load must not poison later requests.
    void pending.then((value) => {
      if (value === null) cache.delete(name);
    });
    cache.set(name, pending);
  }
  return pending;
}

/** Repeats a sample with short crossfades until it fills `frames` (for loopable beds). */
export function loopToLength(sample: Stereo, frames: number, crossfadeFrames: number): Stereo {
  const out: Stereo = [new Float32Array(frames), new Float32Array(frames)];
  const length = sample[0].length;
  const fade = Math.min(crossfadeFrames, Math.floor(length / 3));
  const step = Math.max(1, length - fade);
  for (let start = 0; start < frames; start += step) {
    for (let c = 0; c < 2; c++) {
      const src = sample[c]!;
      const dst = out[c]!;
      for (let i = 0; i < length && start + i < frames; i++) {
        const fadeIn = start > 0 && i < fade ? i / fade : 1;
        const fadeOut = i >= length - fade ? (length - i) / fade : 1;
        dst[start + i] = dst[start + i]! + src[i]! * fadeIn * fadeOut;
      }
    }
  }
  return out;
}

/** Where one-shot samples come from on this machine. */
export function sampleSource(): 'system' | 'synthesised' {
  return existsSync(SAMPLE_DIR) ? 'system' : 'synthesised';
}
