import type { Capability } from '../../shared/api/capabilities';
import type { Toolchain } from '../../shared/node/toolchain';
import { chooseMusicSynth } from '../music/render/synth-choice';
import { sampleSource } from '../sfx/samples';
import { needTools } from './tool-rows';

/** FFmpeg and FFprobe: every upload is probed and every result encoded with them. */
export function mediaCapability(toolchain: Toolchain): Capability {
  return needTools(toolchain, ['ffmpeg', 'ffprobe'], 'FFmpeg and FFprobe');
}

/** Music needs a synthesiser with a SoundFont (the synthesis choice) and FFmpeg to encode. */
export function musicCapability(toolchain: Toolchain): Capability {
  const encoder = needTools(toolchain, ['ffmpeg'], 'FFmpeg');
  const synth = chooseMusicSynth();
  if (!synth.ok)
    return {
      available: false,
      via: null,
      reason: `No music synthesiser: ${synth.missing} is missing.`,
      fix: synth.fix,
      tools: ['fluidsynth', 'ffmpeg'],
    };
  const tools = synth.kind === 'fluidsynth' ? ['fluidsynth', 'ffmpeg'] : ['ffmpeg'];
  if (!encoder.available) return { ...encoder, tools };
  return {
    available: true,
    via: `${synth.kind} with ${synth.soundFont}`,
    reason: null,
    fix: null,
    tools,
  };
}

/** Sound effects are procedural (one-shots synthesised when no sample package is installed). */
export function sfxCapability(toolchain: Toolchain): Capability {
  const samples =
    sampleSource() === 'system'
      ? 'procedural recipes and the sonic-pi sample one-shots'
      : 'procedural recipes with synthesised one-shots';
  return needTools(toolchain, ['ffmpeg'], samples);
}

/** Cuts, motion, brightness and colour from one FFmpeg pass; FFprobe reads the facts. */
export function videoAnalysisCapability(toolchain: Toolchain): Capability {
  return needTools(toolchain, ['ffmpeg', 'ffprobe'], 'one FFmpeg pass (cuts, motion, colour)');
}
