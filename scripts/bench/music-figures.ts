import { rm } from 'node:fs/promises';
import { renderMusicFile } from '../../engine/music';
import { preparePiece, writeMidiFile } from '../../engine/music/produce/prepare';
import {
  chooseMusicSynth,
  renderMidiWithChosenSynth,
  SYNTH_ENV,
} from '../../engine/music/render/synth-choice';
import { StageClock } from '../../shared/node/toolchain';
import { formatRow } from './measure';
import { clockRows, loadNote, timedWork } from './stage-rows';

/** The 60 s piece every music figure renders. */
const BENCH_PIECE = {
  prompt: 'Cinematic orchestral build with strings, brass and timpani, 96 BPM',
  durationSeconds: 60,
};

type SynthPath = 'native' | 'portable';
const GOALS: Record<SynthPath, string> = { native: 'goal ≥ 20×', portable: 'goal ≥ 10×' };
const SYNTH_NAMES: Record<SynthPath, string> = {
  native: 'fluidsynth',
  portable: 'spessasynth',
};

/** Runs `task` with SOUNDSTAGE_SYNTH set to `path`, restoring it after. */
async function withSynth<T>(path: SynthPath, task: () => Promise<T>): Promise<T> {
  const saved = process.env[SYNTH_ENV];
  process.env[SYNTH_ENV] = path;
  try {
    return await task();
  } finally {
    if (saved === undefined) delete process.env[SYNTH_ENV];
    else process.env[SYNTH_ENV] = saved;
  }
}

/** The reference: the synthesiser alone on the piece's MIDI (no mastering, no encoder). */
async function synthAlone(workDir: string, path: SynthPath): Promise<string> {
  const midiPath = await writeMidiFile(workDir, preparePiece(BENCH_PIECE).composition);
  try {
    const run = await withSynth(path, () =>
      timedWork(async () => {
        for await (const _block of renderMidiWithChosenSynth(midiPath)) void _block;
      }),
    );
    return formatRow(
      `  reference: ${SYNTH_NAMES[path]} alone, same MIDI`,
      `${run.wall.toFixed(2)} s`,
      `${(60 / run.wall).toFixed(1)}× RT`,
      `${run.cpu.toFixed(2)} s CPU`,
    );
  } finally {
    await rm(midiPath, { force: true });
  }
}

/** The whole m4a render (synthesis, mastering, watermark, AAC), split by stage. */
async function wholeRender(workDir: string, path: SynthPath): Promise<string[]> {
  const clock = new StageClock();
  const run = await withSynth(path, () =>
    timedWork(() =>
      clock.measure(() =>
        renderMusicFile(BENCH_PIECE, { workDir, format: 'm4a', watermarkPayload: 1 }),
      ),
    ),
  );
  await rm(run.value.path, { force: true });
  return [
    formatRow(
      `60 s of music rendered to m4a (${path})`,
      `${run.wall.toFixed(2)} s`,
      `${(60 / run.wall).toFixed(1)}× RT`,
      `${run.cpu.toFixed(2)} s CPU`,
      `${(60 / run.cpu).toFixed(1)}× RT per CPU s`,
      GOALS[path],
    ),
    ...clockRows(clock),
  ];
}

/**
 * 60 s of music on the native (fluidsynth) and portable (spessasynth) paths in the same run:
 * the whole m4a render split by stage, beside the synthesiser alone on the same MIDI.
 */
export async function musicRenderSpeed(workDir: string): Promise<string[]> {
  const rows: string[] = [loadNote()];
  const native = chooseMusicSynth({ env: { [SYNTH_ENV]: 'native' } }).ok;
  const paths: SynthPath[] = native ? ['native', 'portable'] : ['portable'];
  if (!native) rows.push(formatRow('Native music path', 'not installed'));
  for (const path of paths) {
    rows.push(...(await wholeRender(workDir, path)));
    rows.push(await synthAlone(workDir, path));
  }
  return rows;
}
