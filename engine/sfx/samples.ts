import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeToPcm } from '../audio/wav';
import { SAMPLE_RATE, type Stereo } from './dsp/buffer';
import { createRng, seedFromText, type Rng } from './dsp/random';
import {
  darkDrone,
  glassHum,
  hauntedHum,
  industrialLoop,
  printerLoop,
  vinylHiss,
} from './recipes/sample-beds';
import {
  bell,
  chime,
  cineboom,
  crow,
  door,
  drumRoll,
  hit,
  landing,
  phone,
  rewind,
  robot,
  snap,
  till,
} from './recipes/sample-shots';

/**
 * CC0 one-shots and loops from the Debian `sonic-pi-samples` package (freesound.org, public
 * domain). They fill the gaps where a procedural recipe is weak (doors, bells, phones, crows).
 */
export const SAMPLE_DIR = '/usr/share/sonic-pi/samples';
/** Another samples folder (tests point it at a missing one to exercise the synthesised set). */
export const SAMPLES_DIR_ENV = 'SOUNDSTAGE_SAMPLES_DIR';

function sampleDir(): string {
  return process.env[SAMPLES_DIR_ENV] || SAMPLE_DIR;
}

/**
 * A procedural stand-in for every sample the catalog names, used where the sample folder is
 * absent (recipes/sample-shots.ts and sample-beds.ts): same kind of sound, rendered from a seed
 * of the sample's name so a request always sounds the same.
 */
export const SAMPLE_SUBSTITUTES: Readonly<Record<string, (rng: Rng, sr: number) => Stereo>> = {
  perc_impact1: hit,
  misc_cineboom: cineboom,
  perc_door: door,
  misc_crow: crow,
  perc_bell: (rng, sr) => bell(rng, sr),
  elec_chime: chime,
  mehackit_phone1: phone,
  vinyl_rewind: rewind,
  perc_till: till,
  glitch_robot1: robot,
  perc_snap: snap,
  ambi_lunar_land: landing,
  drum_roll: drumRoll,
  loop_industrial: industrialLoop,
  loop_3d_printer: printerLoop,
  ambi_haunted_hum: hauntedHum,
  ambi_drone: darkDrone,
  ambi_glass_hum: glassHum,
  vinyl_hiss: vinylHiss,
};

const cache = new Map<string, Promise<Stereo | null>>();

function synthesised(name: string): Stereo | null {
  const recipe = SAMPLE_SUBSTITUTES[name];
  return recipe ? recipe(createRng(seedFromText(`sample:${name}`)), SAMPLE_RATE) : null;
}

/**
 * Loads a sample as 44.1 kHz stereo: the sonic-pi file when the package is installed, else its
 * synthesised stand-in; null only for a name with neither (the layer's fallback recipe plays).
 */
export function loadSample(name: string, signal?: AbortSignal): Promise<Stereo | null> {
  let pending = cache.get(`${sampleDir()}:${name}`);
  if (!pending) {
    const path = join(sampleDir(), `${name}.flac`);
    pending = access(path).then(
      () =>
        decodeToPcm(path, SAMPLE_RATE, 2, signal)
          .then((channels) => [channels[0]!, channels[1]!] as Stereo)
          .catch(() => null),
      () => synthesised(name),
    );
    // A failed (e.g. aborted) load must not poison later requests.
    const key = `${sampleDir()}:${name}`;
    void pending.then((value) => {
      if (value === null) cache.delete(key);
    });
    cache.set(key, pending);
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
  return existsSync(sampleDir()) ? 'system' : 'synthesised';
}
