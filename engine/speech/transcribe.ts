import { join } from 'node:path';
import type { LanguageCode } from '../../shared/api/languages';
import { FFMPEG_QUIET_OVERWRITE, lastErrorLine, runTool, TOOL } from '../../shared/node/toolchain';
import type { Cue } from '../../shared/domain/subtitles/cue';
import { buildCues } from './cue-builder';
import { maskNonSpeech } from './speech-mask';
import type { SpeechResult } from './result';
import { speechFail, speechOk } from './result';
import type { ConfidenceStats, Utterance } from './words';
import { confidenceStats, parsePocketsphinxOutput } from './words';

export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** What the local engine can transcribe, said in every failure message. */
export const TRANSCRIPTION_COVERAGE =
  'The local engine transcribes English speech only (pocketsphinx en-us); no other spoken language can be recognised offline.';

/**
 * Festival English scores a mean word confidence of 0.77-0.82 here, while Spanish, French,
 * German and Italian speech (and robotic espeak English) stay at 0.27-0.39: a threshold between
 * the two separates "English" from "not English" (the only audio language test possible offline).
 */
const ENGLISH_MEAN_CONFIDENCE = 0.55;
const ENGLISH_CONFIDENT_SHARE = 0.55;
/** One stray word is what noise or music alone produces; real speech gives more. */
const MIN_WORDS = 2;

export interface Transcript {
  language: 'en';
  cues: Cue[];
  utterances: Utterance[];
  confidence: ConfidenceStats;
}

export interface TranscribeOptions {
  /** Folder for the 16 kHz mono working copy. */
  workDir: string;
  signal?: AbortSignal;
  /** `source_language` hint: a non-English hint fails at once; `en` skips the English test. */
  hint?: LanguageCode;
  /**
   * What the caller can send when the speech does not sound like English. Proofread takes a
   * `source_language` hint; dubbing has no such field, only scripts.
   */
  notEnglishAdvice?: string;
}

const HINT_ADVICE =
  'If the speech is English (for example under loud music), send source_language=en.';

/** True when the recogniser was confident enough that the speech is English. */
export function soundsEnglish(stats: ConfidenceStats): boolean {
  return stats.mean >= ENGLISH_MEAN_CONFIDENCE && stats.confidentShare >= ENGLISH_CONFIDENT_SHARE;
}

async function toSpeechWav(
  mediaPath: string,
  workDir: string,
  signal?: AbortSignal,
): Promise<SpeechResult<string>> {
  const out = join(workDir, 'speech-16k.wav');
  const run = await runTool(
    TOOL.ffmpeg,
    [
      ...FFMPEG_QUIET_OVERWRITE,
      '-i',
      mediaPath,
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      out,
    ],
    { signal },
  );
  if (run.code !== 0)
    return speechFail(
      'SOURCE_PROCESSING_FAILED',
      `Cannot read the audio track: ${lastErrorLine(run.stderr)}`,
    );
  return speechOk(out);
}

/** Runs pocketsphinx over a 16 kHz mono WAV and returns its utterances with word times. */
export async function recognise(
  wavPath: string,
  signal?: AbortSignal,
): Promise<SpeechResult<Utterance[]>> {
  const run = await runTool(
    TOOL.pocketsphinx,
    [
      '-infile',
      wavPath,
      '-time',
      'yes',
      '-hmm',
      join(MODEL_DIR, 'en-us'),
      '-lm',
      join(MODEL_DIR, 'en-us.lm.bin'),
      '-dict',
      join(MODEL_DIR, 'cmudict-en-us.dict'),
      '-logfn',
      '/dev/null',
    ],
    { signal },
  );
  if (run.code !== 0) {
    return speechFail(
      'TRANSCRIPTION_FAILED',
      `Speech recognition failed: ${lastErrorLine(run.stderr)}`,
    );
  }
  return speechOk(parsePocketsphinxOutput(run.stdout.toString('utf8')));
}

/**
 * Transcribes the first audio track of a media file into subtitle cues. Only English can be
 * recognised; speech the recogniser is not confident about is reported as not English
 * (TRANSCRIPTION_FAILED) rather than returned as a wrong transcript.
 */
export async function transcribeSpeech(
  mediaPath: string,
  options: TranscribeOptions,
): Promise<SpeechResult<Transcript>> {
  if (options.hint && options.hint !== 'en') {
    return speechFail(
      'TRANSCRIPTION_FAILED',
      `source_language "${options.hint}" cannot be transcribed here. ${TRANSCRIPTION_COVERAGE}`,
    );
  }
  const wav = await toSpeechWav(mediaPath, options.workDir, options.signal);
  if (!wav.ok) return wav;
  // The voice detector is the first judge of "no speech"; without it pocketsphinx decides alone.
  const mask = await maskNonSpeech(wav.value, options.signal);
  if (mask.kind === 'no_speech')
    return speechFail('TRANSCRIPTION_EMPTY', 'No speech was found in the audio track.');
  const recognised = await recognise(wav.value, options.signal);
  if (!recognised.ok) return recognised;
  const utterances = recognised.value;
  const confidence = confidenceStats(utterances);
  if (confidence.words < MIN_WORDS) {
    return speechFail('TRANSCRIPTION_EMPTY', 'No speech was found in the audio track.');
  }
  if (options.hint !== 'en' && !soundsEnglish(confidence)) {
    return speechFail(
      'TRANSCRIPTION_FAILED',
      `The speech does not sound like English (mean word confidence ${confidence.mean.toFixed(2)}). ` +
        `${TRANSCRIPTION_COVERAGE} ${options.notEnglishAdvice ?? HINT_ADVICE}`,
    );
  }
  return speechOk({ language: 'en', cues: buildCues(utterances, 'en'), utterances, confidence });
}
