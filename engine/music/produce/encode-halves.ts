import { rm, writeFile } from 'node:fs/promises';
import { FFMPEG_QUIET_OVERWRITE, runTool, TOOL } from '../../../shared/node/toolchain';
import { AAC_FRAME_SAMPLES, adtsFrames, joinAdts } from '../../audio/adts';
import { setMp4Duration } from '../../audio/mp4-duration';
import { EncoderError, startEncoder, type Encoder } from '../render/encoder';
import { SAMPLE_RATE } from '../render/fluidsynth';
import { workPath } from './prepare';

/**
 * Frames the second half's encoder starts before the planned join: its psychoacoustic model
 * and window decisions have settled well before the frames that are kept.
 */
const LEAD_IN_FRAMES = 8;
/** Frames the first half runs past the planned join, to find one where the windows agree. */
const SEARCH_FRAMES = 24;
/** Shorter pieces encode in one go: the second process would save too little to pay for. */
export const MIN_HALVES_SECONDS = 8;
/**
 * PCM the first half's encoder may hold (~71 s of stereo float): the mastering feeds it far
 * faster than it encodes, and must reach the second half's start without waiting for it.
 */
const FIRST_HALF_IN_FLIGHT = 24 * 1024 * 1024;

async function collect(output: AsyncIterable<Buffer> | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of output ?? []) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Writes the part of the block at `position` that falls in [from, to) to the encoder. */
async function writeRange(
  encoder: Encoder,
  block: Float32Array[],
  position: number,
  from: number,
  to: number,
): Promise<void> {
  const start = Math.max(from, position) - position;
  const end = Math.min(to, position + block[0]!.length) - position;
  if (end > start) await encoder.write(block.map((c) => c.subarray(start, end)));
}

/**
 * ffmpeg input arguments for bare ADTS frames from one of these encoders, in a file: the stream
 * starts one frame early, so the priming frame gets a negative time, which the MP4 muxer turns
 * into the edit list that skips it, as a single encoder's file has it. (A file, not a pipe: the
 * bundled ffmpeg reads a second input from a pipe about 30 times slower.)
 */
export function primedAdtsInput(adtsPath: string): string[] {
  return ['-itsoffset', String(-AAC_FRAME_SAMPLES / SAMPLE_RATE), '-f', 'aac', '-i', adtsPath];
}

/**
 * AAC-encodes a piece with two encoders working on its two halves at once, joined frame by
 * frame where their windows agree (engine/audio/adts.ts; docs/decisions/102-music-two-passes.md).
 * ffmpeg's AAC encoder has no threads of its own, so one encoder is one core. Returns the
 * joined ADTS frames (priming frame first), or undefined when no join is found (the caller then
 * encodes in one go).
 */
export async function encodeAdtsInHalves(
  blocks: AsyncIterable<Float32Array[]>,
  totalFrames: number,
  signal?: AbortSignal,
): Promise<Buffer[] | undefined> {
  const joinFrame = Math.floor(totalFrames / 2 / AAC_FRAME_SAMPLES);
  const secondStartFrame = joinFrame - LEAD_IN_FRAMES;
  const firstEnd = Math.min(totalFrames, (joinFrame + SEARCH_FRAMES) * AAC_FRAME_SAMPLES);
  const secondStart = secondStartFrame * AAC_FRAME_SAMPLES;
  const first = startEncoder({ kind: 'adts', inFlightBytes: FIRST_HALF_IN_FLIGHT }, signal);
  let second: Encoder | undefined;
  try {
    second = startEncoder({ kind: 'adts' }, signal);
    const outputs = Promise.all([collect(first.output), collect(second.output)]);
    // Whichever fails first, the other's output must not be left unhandled.
    outputs.catch(() => undefined);
    let firstEnded: Promise<void> | undefined;
    let position = 0;
    for await (const block of blocks) {
      await writeRange(first, block, position, 0, firstEnd);
      await writeRange(second, block, position, secondStart, totalFrames);
      position += block[0]!.length;
      if (position >= firstEnd && !firstEnded) {
        firstEnded = first.end();
        // Awaited below; a failure meanwhile must not surface as an unhandled rejection.
        firstEnded.catch(() => undefined);
      }
    }
    await Promise.all([firstEnded ?? first.end(), second.end()]);
    const [firstBytes, secondBytes] = await outputs;
    return joinAdts(
      adtsFrames(firstBytes),
      adtsFrames(secondBytes),
      secondStartFrame,
      joinFrame + 1,
    );
  } finally {
    first.kill();
    second?.kill();
  }
}

/**
 * Encodes a mastered piece to m4a at `path` in two halves at once (encodeAdtsInHalves), then
 * muxes the joined frames by stream copy and sets the presented length to the exact piece.
 * Returns false, with nothing written, when no join is found.
 */
export async function encodeM4aInHalves(
  blocks: AsyncIterable<Float32Array[]>,
  totalFrames: number,
  path: string,
  workDir: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const joined = await encodeAdtsInHalves(blocks, totalFrames, signal);
  if (!joined) return false;
  await muxAdts(joined, path, workDir, signal);
  await setMp4Duration(path, totalFrames / SAMPLE_RATE);
  return true;
}

/** Puts AAC frames in an MP4 by stream copy, the priming frame hidden (primedAdtsInput). */
async function muxAdts(
  frames: Buffer[],
  path: string,
  workDir: string,
  signal?: AbortSignal,
): Promise<void> {
  const adtsPath = await workPath(workDir, 'aac');
  try {
    await writeFile(adtsPath, Buffer.concat(frames));
    const run = await runTool(
      TOOL.ffmpeg,
      [
        ...FFMPEG_QUIET_OVERWRITE,
        ...primedAdtsInput(adtsPath),
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        path,
      ],
      { stage: 'mux', ...(signal ? { signal } : {}) },
    );
    if (run.code !== 0)
      throw new EncoderError(
        run.unavailable
          ? run.stderr
          : `ffmpeg could not mux the encoded music (exit ${run.code}): ${run.stderr.trim().split('\n').pop() ?? ''}`,
      );
  } finally {
    await rm(adtsPath, { force: true });
  }
}
