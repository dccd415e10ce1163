import { rm } from 'node:fs/promises';
import { renderMusicFile } from '../../engine/music';
import { preparePiece, workPath, writeMidiFile } from '../../engine/music/produce/prepare';
import { encodeRawFileArgs } from '../../engine/music/render/encoder';
import {
  chooseMusicSynth,
  renderMidiToRawFile,
  renderMidiWithChosenSynth,
  SYNTH_ENV,
} from '../../engine/music/render/synth-choice';
import { runTool, StageClock, TOOL } from '../../shared/node/toolchain';
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
async function synthAlone(
  workDir: string,
  path: SynthPath,
): Promise<{ row: string; wall: number }> {
  const midiPath = await writeMidiFile(workDir, preparePiece(BENCH_PIECE).composition);
  try {
    const run = await withSynth(path, () =>
      timedWork(async () => {
        for await (const _block of renderMidiWithChosenSynth(midiPath)) void _block;
      }),
    );
    const row = formatRow(
      `  reference: ${SYNTH_NAMES[path]} alone, same MIDI`,
      `${run.wall.toFixed(2)} s`,
      `${(60 / run.wall).toFixed(1)}× RT`,
      `${run.cpu.toFixed(2)} s CPU`,
    );
    return { row, wall: run.wall };
  } finally {
    await rm(midiPath, { force: true });
  }
}

/**
 * The other reference: ffmpeg alone encoding the piece's raw PCM (read from a file) to m4a with
 * the render's own settings, in one process. The encode cannot start before the gain is known,
 * which needs the whole piece, so synthesis then this one encode is what a render with one
 * encoder could reach; the render splits the encode over two (docs/decisions/102-music-two-passes.md).
 */
async function encodeAlone(workDir: string): Promise<{ row: string; wall: number }> {
  const midiPath = await writeMidiFile(workDir, preparePiece(BENCH_PIECE).composition);
  const rawPath = await workPath(workDir, 'f32');
  const outPath = await workPath(workDir, 'm4a');
  try {
    await withSynth('native', () => renderMidiToRawFile(midiPath, rawPath, () => undefined));
    const run = await timedWork(() =>
      runTool(TOOL.ffmpeg, encodeRawFileArgs(rawPath, 'm4a', outPath)),
    );
    if (run.value.code !== 0) throw new Error(`ffmpeg failed: ${run.value.stderr.slice(-300)}`);
    const row = formatRow(
      '  reference: ffmpeg AAC encode alone, same 60 s',
      `${run.wall.toFixed(2)} s`,
      `${(60 / run.wall).toFixed(1)}× RT`,
      `${run.cpu.toFixed(2)} s CPU`,
    );
    return { row, wall: run.wall };
  } finally {
    await Promise.all([midiPath, rawPath, outPath].map((p) => rm(p, { force: true })));
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
    const synth = await synthAlone(workDir, path);
    rows.push(synth.row);
    if (path !== 'native') continue;
    const encode = await encodeAlone(workDir);
    const floor = synth.wall + encode.wall;
    rows.push(
      encode.row,
      formatRow(
        '  sum: synthesis, then one encoder',
        `${floor.toFixed(2)} s`,
        `${(60 / floor).toFixed(1)}× RT`,
      ),
    );
  }
  return rows;
}
