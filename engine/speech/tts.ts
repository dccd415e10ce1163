import { randomUUID } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanguageCode } from '../../shared/api/languages';
import { lastErrorLine, runTool, type ToolName, TOOL } from '../../shared/node/toolchain';
import { parseWav, readWav } from '../audio/wav';
import { speakWithEspeakWasm } from './espeak-wasm';
import type { SpeechResult } from './result';
import { speechFail, speechOk } from './result';
import { chooseVoiceEngine } from './voice-choice';

export interface SpokenLine {
  samples: Float32Array;
  sampleRate: number;
  /** `festival:kal_diphone`, `espeak-ng:<voice>` or `espeak-ng-wasm:<voice>` (bundled build). */
  voice: string;
}

export interface SynthesisOptions {
  /** Folder for the synthesiser's temporary files. */
  workDir: string;
  signal?: AbortSignal;
  /** Use espeak-ng for English even when Festival is installed. */
  espeakOnly?: boolean;
}

/** Level below which leading/trailing synthesiser output counts as silence (-50 dBFS). */
const SILENCE = 0.00316;

/** Drops the silence synthesisers put around a sentence, so the line fits its slot as tightly as it can. */
export function trimSilence(samples: Float32Array, sampleRate: number): Float32Array {
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) < SILENCE) first += 1;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) < SILENCE) last -= 1;
  if (first >= samples.length) return new Float32Array(0);
  // Keep 20 ms either side so consonant onsets and releases are not clipped.
  const pad = Math.round(sampleRate * 0.02);
  return samples.slice(Math.max(0, first - pad), Math.min(samples.length, last + 1 + pad));
}

async function speakWith(
  command: ToolName,
  args: string[],
  out: string,
  signal?: AbortSignal,
  stdin?: string,
) {
  const run = await runTool(command, args, {
    ...(signal ? { signal } : {}),
    ...(stdin === undefined ? {} : { stdin: Buffer.from(stdin, 'utf8') }),
  });
  if (run.code !== 0)
    return speechFail('TTS_FAILED', `${command} failed: ${lastErrorLine(run.stderr)}`);
  try {
    const wav = await readWav(out);
    return speechOk({
      samples: wav.channels[0] ?? new Float32Array(0),
      sampleRate: wav.sampleRate,
    });
  } catch (error) {
    return speechFail(
      'TTS_FAILED',
      `${command} wrote no readable audio: ${(error as Error).message}`,
    );
  }
}

/** The bundled espeak-ng WebAssembly build, in its own worker thread (espeak-wasm.ts). */
async function speakWithWasm(voice: string, text: string, signal?: AbortSignal) {
  try {
    const bytes = await speakWithEspeakWasm(voice, text);
    signal?.throwIfAborted();
    const wav = parseWav(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return speechOk({
      samples: wav.channels[0] ?? new Float32Array(0),
      sampleRate: wav.sampleRate,
    });
  } catch (error) {
    return speechFail('TTS_FAILED', (error as Error).message);
  }
}

/**
 * Speaks one line of text in a language: Festival's kal voice for English when installed, else
 * espeak-ng with the language's voice, or, where the espeak-ng program is missing, its bundled
 * WebAssembly build (speech/voice-choice.ts chooses). Returns mono samples at the synthesiser's own rate with
 * the surrounding silence removed; empty text gives no samples.
 */
export async function synthesizeLine(
  text: string,
  language: LanguageCode,
  options: SynthesisOptions,
): Promise<SpeechResult<SpokenLine>> {
  const clean = text.replace(/\s+/g, ' ').trim();
  const id = randomUUID();
  const out = join(options.workDir, `tts-${id}.wav`);
  const engine = await chooseVoiceEngine(language, options.espeakOnly ? { espeakOnly: true } : {});
  if (!engine.ok)
    return speechFail('TTS_FAILED', `No voice for ${language}: ${engine.missing}. ${engine.fix}`);
  const voice = `${engine.kind === 'festival' ? 'festival' : engine.kind}:${engine.voice}`;
  // Festival exits with an error on empty input; espeak would write an empty file.
  if (!/[\p{L}\p{N}]/u.test(clean))
    return speechOk({ samples: new Float32Array(0), sampleRate: 22050, voice });
  let spoken;
  if (engine.kind === 'festival') {
    const textFile = join(options.workDir, `tts-${id}.txt`);
    await writeFile(textFile, `${clean}\n`, 'utf8');
    spoken = await speakWith(
      TOOL.text2wave,
      ['-eval', '(voice_kal_diphone)', '-o', out, textFile],
      out,
      options.signal,
    );
    await unlink(textFile).catch(() => undefined);
  } else if (engine.kind === 'espeak-ng') {
    spoken = await speakWith(
      TOOL.espeakNg,
      ['-v', engine.voice, '-w', out, '--stdin'],
      out,
      options.signal,
      clean,
    );
  } else {
    spoken = await speakWithWasm(engine.voice, clean, options.signal);
  }
  await unlink(out).catch(() => undefined);
  if (!spoken.ok) return spoken;
  const { samples, sampleRate } = spoken.value;
  return speechOk({ samples: trimSilence(samples, sampleRate), sampleRate, voice });
}
