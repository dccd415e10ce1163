import { DEFAULT_DUBBING_LANGUAGES } from '../../shared/api/languages';
import { capabilityRejection, dubbingNeeds } from '../capabilities/requirements';
import { defineAsyncEndpoint, isTaskFailure, ok } from '../server/endpoint';
import { readLanguagesField } from '../speech/languages-field';
import type { DubbingInput } from '../speech/dub/run-dubbing';
import { runDubbing } from '../speech/dub/run-dubbing';
import { checkScripts } from '../speech/dub/scripts';
import { readSubtitleParts } from '../speech/dub/subtitle-fields';

/** The warning a dub carries when lipsync was omitted (docs/decisions/074-lipsync-default.md). */
export const LIPSYNC_WARNING = {
  code: 'lipsync_unavailable',
  severity: 'warning',
  message:
    'Lip-sync is not available offline: the picture is untouched and only the audio was replaced. Use the cloud service for lip-sync.',
} as const;

/** DubbingInput plus whether lipsync was left out of the request (persisted with the task). */
type DubbingEndpointInput = DubbingInput & { lipsyncOmitted?: boolean };

/**
 * POST /v1/dubbing. Every validation rule (api-spec 1-9, plus lipsync and the languages this
 * machine cannot dub) answers 422 before anything is billed; billing is duration x languages
 * (three when omitted) with the core's floor.
 */
export const dubbingEndpoint = defineAsyncEndpoint<DubbingEndpointInput>({
  type: 'dubbing',
  async prepare(form, ctx) {
    const { fields } = ctx;
    const languages = readLanguagesField(fields, { allowEmpty: false }) ?? [
      ...DEFAULT_DUBBING_LANGUAGES,
    ];
    const ducking = fields.bool('ducking', false);
    // The official clients never send lipsync (docs/api-notes.md 6.10): omitted dubs without it.
    const lipsyncOmitted = form.text('lipsync') === undefined;
    const lipsync = fields.bool('lipsync', false);
    const exportSrt = fields.bool('export_srt', false);
    const parts = readSubtitleParts(form, fields, languages, exportSrt);
    if (lipsync) {
      fields.problem(
        'lipsync',
        'Lip-sync cannot be done by the local engine (no offline model re-renders mouths); send lipsync=false (or omit it) to dub with the picture untouched, or use the cloud service',
      );
    }
    if (fields.failed) return { ok: false, error: fields.rejection() };
    if (ctx.capabilities) {
      const needs = dubbingNeeds(ctx.capabilities, languages, parts.length > 0);
      const refusal = capabilityRejection(needs);
      if (refusal) return { ok: false, error: refusal };
    }
    const media = await ctx.resolveMedia({ httpsOnly: true, requireVideo: true });
    if (!media.ok) return media;
    const { durationSeconds, hasAudio } = media.value.probe;
    let scripts: DubbingInput['scripts'] = null;
    if (parts.length > 0) {
      const checked = await checkScripts(parts, durationSeconds, ctx);
      if (!checked.ok) return checked;
      scripts = checked.value;
    }
    return ok({
      videoPath: media.value.path,
      durationSeconds,
      hasAudio,
      languages,
      ducking,
      exportSrt,
      scripts,
      ...(lipsyncOmitted ? { lipsyncOmitted } : {}),
    });
  },
  billing: (input) => ({ seconds: input.durationSeconds, multiplier: input.languages.length }),
  ackFields: (input) =>
    input.scripts
      ? {
          subtitle_preflight: Object.fromEntries(
            Object.entries(input.scripts).map(([code, script]) => [code, script?.report]),
          ),
        }
      : {},
  async run(input, ctx) {
    const result = await runDubbing(input, ctx);
    if (isTaskFailure(result) || !input.lipsyncOmitted) return result;
    return { ...result, warnings: [LIPSYNC_WARNING] };
  },
});
