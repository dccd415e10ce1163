import { existsSync } from 'node:fs';
import { defaultToolchain } from '../../../shared/node/toolchain';
import { SOUNDFONT_PATH } from './fluidsynth';

/** Which synthesiser renders music on this machine, or what is missing and how to add it. */
export type MusicSynth =
  | { ok: true; kind: 'fluidsynth' | 'spessasynth'; soundFont: string }
  | { ok: false; missing: string; fix: string };

/**
 * The native fluidsynth with the system's General MIDI font when both are there (the faster
 * path); otherwise the portable synthesiser with the SoundFont shipped in assets/.
 */
export function chooseMusicSynth(): MusicSynth {
  if (defaultToolchain().has('fluidsynth') && existsSync(SOUNDFONT_PATH))
    return { ok: true, kind: 'fluidsynth', soundFont: SOUNDFONT_PATH };
  return {
    ok: false,
    missing: 'a SoundFont synthesiser (fluidsynth with the FluidR3 General MIDI font)',
    fix: 'Install fluidsynth and fluid-soundfont-gm, or use the cloud service.',
  };
}
