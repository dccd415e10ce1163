import { existsSync } from 'node:fs';
import { defaultToolchain, type ToolName } from '../../shared/node/toolchain';
import { SOUNDFONT_PATH } from '../music/render/fluidsynth';
import { SAMPLE_DIR } from '../sfx/samples';
import { MODEL_DIR } from '../speech/transcribe';
import { MODES_DIR } from '../speech/translate';
import { FESTIVAL_KAL } from '../speech/voices';

/*
 * Which optional system tools (and the data they read) this machine has, for tests that need
 * one: `it.skipIf(!hasSox)('… (needs SoX)', …)`. CI installs them all and runs everything; a
 * user without them gets those parts skipped with the reason in the title instead of failures.
 * Each value is decided once, through the same toolchain the engine uses, so a tool hidden by
 * scripts/hidden-tools/hide-tools.sh counts as missing here too. ffmpeg and ffprobe are not
 * listed: the bundled copies are always there and tests use them through toolPath().
 */

const toolchain = defaultToolchain();

function has(name: ToolName): boolean {
  return toolchain.has(name);
}

/** A native copy found on the system (not a bundled stand-in). */
function hasNative(name: ToolName): boolean {
  return toolchain.resolve(name).source === 'system';
}

/** Festival's text2wave with the kal voice (Debian: festival festvox-kallpc16k). */
export const hasFestivalEnglish = has('text2wave') && existsSync(FESTIVAL_KAL);

/** pocketsphinx_continuous with the US English model (Debian: pocketsphinx pocketsphinx-en-us). */
export const hasPocketsphinxEnglish = has('pocketsphinx_continuous') && existsSync(MODEL_DIR);

/** apertium with its installed language pairs (Debian: apertium apertium-en-es …). */
export const hasApertium = has('apertium') && existsSync(MODES_DIR);

/** The sox program (Debian: sox). */
export const hasSox = has('sox');

/** The espeak-ng program itself, not the bundled WebAssembly build (Debian: espeak-ng). */
export const hasNativeEspeak = hasNative('espeak-ng');

/** fluidsynth with the General MIDI SoundFont (Debian: fluidsynth fluid-soundfont-gm). */
export const hasFluidsynthFont = has('fluidsynth') && existsSync(SOUNDFONT_PATH);

/** Sonic Pi's sample library (Debian: sonic-pi-samples). */
export const hasSonicPiSamples = existsSync(SAMPLE_DIR);
