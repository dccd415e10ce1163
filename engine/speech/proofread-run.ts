import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanguageCode } from '../../shared/api/languages';
import type { RunContext, TaskFailure, TaskResultFields } from '../server/endpoint';
import { taskFailure } from '../server/endpoint';
import type { Cue } from '../../shared/domain/subtitles/cue';
import { formatSubtitles } from '../../shared/node/subtitles/write';
import type { CueWarning } from '../subtitles/reading-warnings';
import { cueWarnings } from '../subtitles/reading-warnings';
import { transcribeSpeech } from './transcribe';
import { translateCues, translationRoute, TRANSLATION_COVERAGE } from './translate';

/** What proofread's `prepare` keeps for the run (JSON, persisted with the task). */
export interface ProofreadInput {
  mediaPath: string;
  durationSeconds: number;
  /** Target languages; [] gives the source transcript only. */
  languages: LanguageCode[];
  sourceHint?: LanguageCode;
}

/** Writes cues as an .srt in the task folder and publishes it; returns the download URL. */
export async function publishSrt(
  cues: readonly Cue[],
  language: LanguageCode,
  name: string,
  ctx: RunContext,
): Promise<string> {
  const path = join(ctx.workDir, `${name}-${language}.srt`);
  const written = formatSubtitles(cues, 'srt');
  // Cues come from our own transcript and dub timing: never negative, never a day long.
  if (!written.ok) throw new Error(`Cannot write ${name}-${language}.srt: ${written.message}`);
  await writeFile(path, written.text, 'utf8');
  const published = await ctx.publish(path, {
    contentType: 'application/x-subrip',
    ext: 'srt',
    name: `${name}-${language}`,
  });
  return published.url;
}

/**
 * Transcribes the video's English speech, translates it into each target Apertium covers and
 * publishes one .srt per language (always including the source), with non-blocking reading
 * warnings per language. An uncovered target fails the task before any work is done.
 */
export async function runProofread(
  input: ProofreadInput,
  ctx: RunContext,
): Promise<TaskResultFields | TaskFailure> {
  const source: LanguageCode = 'en';
  const uncovered = input.languages.filter((target) => translationRoute(source, target) === null);
  if (uncovered.length > 0) {
    return taskFailure(
      'TRANSLATION_FAILED',
      `Cannot translate English into ${uncovered.join(', ')} offline. ${TRANSLATION_COVERAGE}`,
    );
  }
  const transcript = await transcribeSpeech(input.mediaPath, {
    workDir: ctx.workDir,
    signal: ctx.signal,
    hint: input.sourceHint,
  });
  if (!transcript.ok) return taskFailure(transcript.error.code, transcript.error.message);
  const scripts = new Map<LanguageCode, Cue[]>([[source, transcript.value.cues]]);
  for (const target of input.languages) {
    if (scripts.has(target)) continue;
    const translated = await translateCues(transcript.value.cues, source, target, ctx.signal);
    if (!translated.ok) return taskFailure(translated.error.code, translated.error.message);
    scripts.set(target, translated.value);
  }
  const subtitles: Record<string, string> = {};
  const warnings: Record<string, CueWarning[]> = {};
  for (const [language, cues] of scripts) {
    subtitles[language] = await publishSrt(cues, language, 'proofread', ctx);
    const found = cueWarnings(cues, language);
    if (found.length > 0) warnings[language] = found;
  }
  ctx.log(
    `proofread: ${transcript.value.cues.length} cues, languages ${[...scripts.keys()].join(',')}`,
  );
  return { source_language: source, subtitles, cue_count: transcript.value.cues.length, warnings };
}
