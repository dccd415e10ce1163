import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  AAC_FRAME_SAMPLES,
  parseAdtsFrames,
  planAacSplice,
} from '../../../../shared/domain/dub/lines/aac-splice-plan';
import {
  frameAt,
  SPLICE_FADE_MS,
  spliceWindow,
} from '../../../../shared/domain/dub/lines/pcm-splice';
import {
  FFMPEG_QUIET_OVERWRITE,
  lastErrorLine,
  runTool,
  TOOL,
  type ToolRun,
} from '../../../../shared/node/toolchain';
import { aacTrackInfo, encodeAdts, readAdts, type AacTrackInfo } from './aac-packets';
import { audioFormat, decodePcm, type Outcome } from './dub-audio';

export interface SpliceInput {
  /** The dub as it was before this edit (kept; never written). */
  previous: string;
  /** The service's dub of the window (its audio starts at the window's start). */
  windowDub: string;
  startMs: number;
  endMs: number;
  /** The dub file to replace: written whole to a temporary file, then renamed over it. */
  target: string;
  signal?: AbortSignal;
}

/** Decoded frames before the re-encoded stretch: a decode that starts after a seek is off at first. */
const PRE_ROLL_SAMPLES = 2 * AAC_FRAME_SAMPLES;

/**
 * Puts the window's new audio into the dub (docs/decisions/086-line-window-splice.md). An AAC-LC
 * dub keeps every audio packet outside the window as it is: only the frames around the window
 * are decoded, spliced and encoded again, and the picture and the packets before and after are
 * stream-copied in one mux (docs/decisions/099-shot-changes-in-parallel-ranges.md "Splice");
 * any other codec is decoded and re-encoded whole. Either way the result is written beside the
 * target and renamed over it, so at every moment the target is the old dub or the new one,
 * never half of either.
 */
export async function spliceDubFile(input: SpliceInput): Promise<Outcome<{ bytes: number }>> {
  const track = await aacTrackInfo(input.previous, input.signal);
  if (!track.ok) return track;
  return track.value ? spliceAacWindow(input, track.value) : spliceWholeTrack(input);
}

/** Re-encodes only the AAC frames around the window; see spliceDubFile. */
async function spliceAacWindow(
  input: SpliceInput,
  track: AacTrackInfo,
): Promise<Outcome<{ bytes: number }>> {
  const { sampleRate, channels } = track;
  const adts = await readAdts(input.previous, input.signal);
  if (!adts.ok) return adts;
  const frames = parseAdtsFrames(adts.value);
  if (!frames || frames.length < 2) return spliceWholeTrack(input);
  const startSample = frameAt(input.startMs, sampleRate);
  const plan = planAacSplice(
    { frameCount: frames.length, priming: track.priming },
    startSample,
    frameAt(input.endMs, sampleRate),
  );
  const newFrames = plan.tailFrom - plan.firstNew;
  if (newFrames === 0) return spliceWholeTrack(input);
  const decodeFrom = Math.max(0, plan.pcmFrom - PRE_ROLL_SAMPLES);
  const skip = plan.pcmFrom - decodeFrom;
  const toMs = (samples: number) => (samples * 1000) / sampleRate;
  const [region, window] = await Promise.all([
    decodePcm(input.previous, track, {
      signal: input.signal,
      startMs: toMs(decodeFrom),
      durationMs: toMs(skip + plan.pcmSamples),
    }),
    decodePcm(input.windowDub, track, { signal: input.signal }),
  ]);
  if (!region.ok) return region;
  if (!window.ok) return window;
  // The old audio of the stretch (silence past the end of the file), with the window put in.
  const old = new Int16Array(plan.pcmSamples * channels);
  old.set(region.value.subarray(skip * channels, (skip + plan.pcmSamples) * channels));
  const spliced = spliceWindow(
    old,
    window.value,
    channels,
    startSample - plan.pcmFrom,
    frameAt(input.endMs, sampleRate) - plan.pcmFrom,
    frameAt(SPLICE_FADE_MS, sampleRate),
  );
  const encoded = await encodeAdts(spliced, track, input.signal);
  if (!encoded.ok) return encoded;
  const fresh = parseAdtsFrames(encoded.value);
  // Frame 0 is the encoder's priming frame; frames 1… line up with packets firstNew….
  if (!fresh || fresh.length < newFrames + 1)
    return { ok: false, message: 'The new line could not be encoded; the dub is as it was.' };
  const bytes = (list: typeof frames, from: number, to: number, source: Buffer) =>
    source.subarray(list[from]!.offset, to < list.length ? list[to]!.offset : source.length);
  const audio = Buffer.concat([
    bytes(frames, 0, plan.firstNew, adts.value),
    bytes(fresh, 1, newFrames + 1, encoded.value),
    ...(plan.tailFrom < frames.length
      ? [bytes(frames, plan.tailFrom, frames.length, adts.value)]
      : []),
  ]);
  // ADTS has no time stamps: shifting it back by the priming restores the dub's edit list, so
  // every copied packet keeps its time and the length stays the same. It is read from a file:
  // the bundled ffmpeg reads a second input from a pipe many times slower.
  const shift = track.priming > 0 ? ['-itsoffset', (-track.priming / sampleRate).toFixed(6)] : [];
  const packets = scratchBeside(input.target, 'aac');
  try {
    await fs.writeFile(packets, audio);
    return await writeAtomically(input, (temporary) =>
      runTool(
        TOOL.ffmpeg,
        [
          ...FFMPEG_QUIET_OVERWRITE,
          ...['-i', input.previous, ...shift, '-f', 'aac', '-i', packets],
          ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy'],
          ...['-movflags', '+faststart', '-f', 'mp4', temporary],
        ],
        { signal: input.signal },
      ),
    );
  } finally {
    await fs.rm(packets, { force: true });
  }
}

/** A scratch file beside the target (same disk, so the final rename is atomic). */
function scratchBeside(target: string, extension: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.splice.${extension}`,
  );
}

/**
 * Both audios decoded to PCM at the dub's own format, spliced (samples outside the window copied
 * as they are), the whole soundtrack encoded to AAC and muxed under the previous file's picture,
 * stream-copied packet for packet: for a dub whose audio is not AAC-LC.
 */
async function spliceWholeTrack(input: SpliceInput): Promise<Outcome<{ bytes: number }>> {
  const format = await audioFormat(input.previous, input.signal);
  if (!format.ok) return format;
  const [full, window] = await Promise.all([
    decodePcm(input.previous, format.value, { signal: input.signal }),
    decodePcm(input.windowDub, format.value, { signal: input.signal }),
  ]);
  if (!full.ok) return full;
  if (!window.ok) return window;
  const { sampleRate, channels } = format.value;
  const spliced = spliceWindow(
    full.value,
    window.value,
    channels,
    frameAt(input.startMs, sampleRate),
    frameAt(input.endMs, sampleRate),
    frameAt(SPLICE_FADE_MS, sampleRate),
  );
  return writeAtomically(input, (temporary) =>
    runTool(
      TOOL.ffmpeg,
      [
        ...FFMPEG_QUIET_OVERWRITE,
        ...['-i', input.previous, '-f', 's16le', '-ar', String(sampleRate)],
        ...['-ac', String(channels), '-i', 'pipe:0'],
        ...['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy', '-c:a', 'aac'],
        // The fast coder takes about half the CPU of the default one, and here the whole
        // soundtrack is re-encoded (docs/decisions/086-line-window-splice.md).
        ...['-aac_coder', 'fast', '-b:a', '192k'],
        ...['-movflags', '+faststart', '-f', 'mp4', temporary],
      ],
      {
        signal: input.signal,
        stdin: Buffer.from(spliced.buffer, spliced.byteOffset, spliced.byteLength),
      },
    ),
  );
}

/** Runs `write` into a temporary file beside the target, then flushes and renames it over it. */
async function writeAtomically(
  input: SpliceInput,
  write: (temporary: string) => Promise<ToolRun>,
): Promise<Outcome<{ bytes: number }>> {
  const temporary = scratchBeside(input.target, 'mp4');
  const run = await write(temporary);
  if (run.code !== 0) {
    await fs.rm(temporary, { force: true });
    return {
      ok: false,
      message: run.aborted
        ? 'The splice was stopped; the dub is as it was.'
        : `The new line could not be spliced in (${lastErrorLine(run.stderr)}); the dub is as it was.`,
    };
  }
  await syncFile(temporary);
  await fs.rename(temporary, input.target);
  const stat = await fs.stat(input.target);
  return { ok: true, value: { bytes: stat.size } };
}

/** Restores `kept` over `target` with the same temp + rename step (undo). */
export async function restoreDubFile(kept: string, target: string): Promise<void> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(4).toString('hex')}.undo.mp4`,
  );
  await fs.copyFile(kept, temporary);
  await syncFile(temporary);
  await fs.rename(temporary, target);
}

/** Flushes a file to disk before it is renamed into place, so a power cut cannot empty it. */
async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
