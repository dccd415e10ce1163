import { existsSync } from 'node:fs';
import { defaultToolchain, type Toolchain } from '../../../shared/node/toolchain';
import { renderMidi, RenderError, SOUNDFONT_PATH } from './fluidsynth';
import { renderMidiToFile } from './fluidsynth-file';
import { writeRawFloat } from './raw-file';
import { findShippedSoundFont, SHIPPED_SOUNDFONT } from './soundfont-asset';
import { renderMidiPortable } from './spessasynth';

/** Which synthesiser renders music on this machine, or what is missing and how to add it. */
export type MusicSynth =
  | { ok: true; kind: 'fluidsynth' | 'spessasynth'; soundFont: string }
  | { ok: false; missing: string; fix: string };

/**
 * Forces a path: `portable` (spessasynth + shipped font, for tests and the bench on machines
 * that have fluidsynth) or `native` (fluidsynth only); anything else chooses automatically.
 */
export const SYNTH_ENV = 'SOUNDSTAGE_SYNTH';

export interface SynthChoiceOptions {
  toolchain?: Toolchain;
  env?: NodeJS.ProcessEnv;
  /** The system General MIDI font the native path needs (Debian's fluid-soundfont-gm). */
  systemSoundFont?: string;
}

/**
 * The native fluidsynth with the system's General MIDI font when both are there: it renders
 * about three times faster and starts sooner (docs/decisions/072-portable-synthesis.md).
 * Otherwise the portable synthesiser with the SoundFont shipped in assets/.
 */
export function chooseMusicSynth(options: SynthChoiceOptions = {}): MusicSynth {
  const env = options.env ?? process.env;
  const forced = env[SYNTH_ENV];
  const systemFont = options.systemSoundFont ?? SOUNDFONT_PATH;
  if (forced !== 'portable') {
    const toolchain = options.toolchain ?? defaultToolchain();
    const native = toolchain.has('fluidsynth') && existsSync(systemFont);
    if (native) return { ok: true, kind: 'fluidsynth', soundFont: systemFont };
    if (forced === 'native')
      return {
        ok: false,
        missing:
          'fluidsynth with the FluidR3 General MIDI font (forced by SOUNDSTAGE_SYNTH=native)',
        fix: 'Install fluidsynth and fluid-soundfont-gm, or unset SOUNDSTAGE_SYNTH.',
      };
  }
  const shipped = findShippedSoundFont(env);
  if (shipped) return { ok: true, kind: 'spessasynth', soundFont: shipped };
  return {
    ok: false,
    missing: `the General MIDI SoundFont (${SHIPPED_SOUNDFONT}) that ships with Soundstage`,
    fix: 'Reinstall Soundstage (the font belongs in its soundfonts folder), install fluidsynth with fluid-soundfont-gm, or use the cloud service.',
  };
}

/** Renders a MIDI file with the chosen synthesiser; both yield the same kind of blocks. */
export async function* renderMidiWithChosenSynth(
  midiPath: string,
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<Float32Array[]> {
  const synth = chooseMusicSynth();
  if (!synth.ok)
    throw new RenderError(`Music cannot be rendered: ${synth.missing} is missing. ${synth.fix}`);
  const signal = options.signal ? { signal: options.signal } : {};
  if (synth.kind === 'fluidsynth')
    yield* renderMidi(midiPath, { ...signal, soundfont: synth.soundFont });
  else yield* renderMidiPortable(midiPath, { ...signal, soundfont: synth.soundFont });
}

/**
 * Renders a MIDI file with the chosen synthesiser into `rawPath` (interleaved float32), passing
 * each planar block to `onBlock` as it is rendered. fluidsynth writes the file itself; the
 * portable synthesiser's blocks are written here.
 */
export async function renderMidiToRawFile(
  midiPath: string,
  rawPath: string,
  onBlock: (block: Float32Array[]) => void,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const synth = chooseMusicSynth();
  if (!synth.ok)
    throw new RenderError(`Music cannot be rendered: ${synth.missing} is missing. ${synth.fix}`);
  const signal = options.signal ? { signal: options.signal } : {};
  if (synth.kind === 'fluidsynth') {
    const soundfont = { ...signal, soundfont: synth.soundFont };
    for await (const block of renderMidiToFile(midiPath, rawPath, soundfont)) onBlock(block);
  } else {
    const blocks = renderMidiPortable(midiPath, { ...signal, soundfont: synth.soundFont });
    await writeRawFloat(rawPath, blocks, onBlock);
  }
}
