import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LanguageCode } from '../../../shared/api/languages';
import { MIX_RATE, silence } from '../../media/mix';
import type { RunContext, TaskFailure, TaskResultFields } from '../../server/endpoint';
import { taskFailure } from '../../server/endpoint';
import type { Cue } from '../../../shared/domain/subtitles/cue';
import { DEFAULT_WATERMARK_KEY } from '../../watermark';
import { publishSrt } from '../proofread-run';
import { transcribeSpeech } from '../transcribe';
import { translateCues, translationRoute, TRANSLATION_COVERAGE } from '../translate';
import { speechFreeBed } from './bed';
import type { SubtitleExport } from './export-report';
import { decideExport } from './export-report';
import { renderLanguage } from './render-language';
import type { CheckedScripts } from './scripts';

/** What dubbing's `prepare` keeps for the run (JSON, persisted with the task). */
export interface DubbingInput {
  videoPath: string;
  durationSeconds: number;
  hasAudio: boolean;
  languages: LanguageCode[];
  ducking: boolean;
  exportSrt: boolean;
  /** Supplied scripts, already preflighted; null when the dub translates the transcript. */
  scripts: CheckedScripts | null;
}

async function publishJson(value: unknown, name: string, ctx: RunContext): Promise<string> {
  const path = join(ctx.workDir, `${name}.json`);
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`, 'utf8');
  return (await ctx.publish(path, { contentType: 'application/json', ext: 'json', name })).url;
}

/** The cues each language speaks: its script, or the English transcript translated by Apertium. */
async function scriptsToSpeak(
  input: DubbingInput,
  ctx: RunContext,
): Promise<Map<LanguageCode, Cue[]> | TaskFailure> {
  const scripts = new Map<LanguageCode, Cue[]>();
  if (input.scripts) {
    for (const code of input.languages) scripts.set(code, input.scripts[code]?.cues ?? []);
    return scripts;
  }
  const uncovered = input.languages.filter((code) => translationRoute('en', code) === null);
  if (uncovered.length > 0) {
    return taskFailure(
      'TRANSLATION_FAILED',
      `Cannot translate into ${uncovered.join(', ')} offline; send subtitles[<language>] scripts for them instead. ${TRANSLATION_COVERAGE}`,
    );
  }
  if (!input.hasAudio)
    return taskFailure(
      'TRANSCRIPTION_EMPTY',
      'The video has no audio track to transcribe; send subtitles[<language>] scripts.',
    );
  const transcript = await transcribeSpeech(input.videoPath, {
    workDir: ctx.workDir,
    signal: ctx.signal,
    // Dubbing takes no source_language: the way round is a script per language.
    notEnglishAdvice: 'Send subtitles[<language>] scripts to dub it from text instead.',
  });
  if (!transcript.ok) return taskFailure(transcript.error.code, transcript.error.message);
  for (const code of input.languages) {
    const translated = await translateCues(transcript.value.cues, 'en', code, ctx.signal);
    if (!translated.ok) return taskFailure(translated.error.code, translated.error.message);
    scripts.set(code, translated.value);
  }
  return scripts;
}

/**
 * Dubs the video into every requested language with the picture stream-copied: scripts spoken
 * verbatim (or the translated transcript), each line fitted to its cue, over the original bed
 * with its speech removed. Lip-sync is never done here (refused at submission).
 */
export async function runDubbing(
  input: DubbingInput,
  ctx: RunContext,
): Promise<TaskResultFields | TaskFailure> {
  const scripts = await scriptsToSpeak(input, ctx);
  if (!(scripts instanceof Map)) return scripts;
  let bed = silence(Math.round(input.durationSeconds * MIX_RATE));
  if (input.hasAudio) {
    const built = await speechFreeBed(
      input.videoPath,
      input.durationSeconds,
      ctx.workDir,
      ctx.signal,
    );
    if (!built.ok) return taskFailure('SOURCE_PROCESSING_FAILED', built.message);
    bed = built.value.channels;
  }
  const watermark = {
    key: ctx.watermarkKey ?? DEFAULT_WATERMARK_KEY,
    payload: ctx.watermarkPayload,
  };
  const outputs: Record<string, string> = {};
  const subtitles: Record<string, string> = {};
  const exports: Record<string, SubtitleExport> = {};
  for (const [code, cues] of scripts) {
    const dubbed = await renderLanguage(cues, code, {
      videoPath: input.videoPath,
      durationSeconds: input.durationSeconds,
      bed,
      ducking: input.ducking,
      watermark,
      workDir: ctx.workDir,
      signal: ctx.signal,
    });
    if (!dubbed.ok) return taskFailure('GENERATION_FAILED', dubbed.error.message);
    outputs[code] = (
      await ctx.publish(dubbed.value.mp4Path, {
        contentType: 'video/mp4',
        ext: 'mp4',
        name: `dub-${code}`,
      })
    ).url;
    ctx.log(
      `dubbing ${code}: ${cues.length} lines, voice ${dubbed.value.voice.voice}, issues ${dubbed.value.voice.issues.join(',') || 'none'}`,
    );
    if (!input.exportSrt) continue;
    const decision = decideExport(dubbed.value.voice.lines, cues, dubbed.value.voice.issues, code);
    if (decision.cues) subtitles[code] = await publishSrt(decision.cues, code, 'dub-retimed', ctx);
    decision.report.report_url = await publishJson(
      { language: code, ...decision.report, lines: dubbed.value.voice.lines },
      `export-${code}`,
      ctx,
    );
    exports[code] = decision.report;
  }
  const result: TaskResultFields = { outputs };
  if (input.scripts) {
    const preflight: Record<string, unknown> = {};
    for (const [code, script] of Object.entries(input.scripts)) {
      if (!script) continue;
      preflight[code] = {
        ...script.report,
        report_url: await publishJson(script.details, `preflight-${code}`, ctx),
      };
    }
    result.subtitle_preflight = preflight;
  }
  if (input.exportSrt) {
    result.subtitles = subtitles;
    result.subtitle_export = exports;
  }
  return result;
}
