import { DEFAULT_DUBBING_LANGUAGES } from '../../shared/api/languages';
import { defineAsyncEndpoint, ok } from '../server/endpoint';
import { readLanguagesField } from '../speech/languages-field';
import type { DubbingInput } from '../speech/dub/run-dubbing';
import { runDubbing } from '../speech/dub/run-dubbing';
import { checkScripts } from '../speech/dub/scripts';
import { readSubtitleParts } from '../speech/dub/subtitle-fields';

/**
 * POST /v1/dubbing. Every validation rule (api-spec 1-9, plus lipsync) answers 422 before
 * anything is billed; billing is duration x languages (three when omitted) with the core's floor.
 */
export const dubbingEndpoint = defineAsyncEndpoint<DubbingInput>({
  type: 'dubbing',
  async prepare(form, ctx) {
    const { fields } = ctx;
    const languages = readLanguagesField(fields, { allowEmpty: false }) ?? [
      ...DEFAULT_DUBBING_LANGUAGES,
    ];
    const ducking = fields.bool('ducking', false);
    const lipsync = fields.bool('lipsync', true);
    const exportSrt = fields.bool('export_srt', false);
    const parts = readSubtitleParts(form, fields, languages, exportSrt);
    if (lipsync) {
      fields.problem(
        'lipsync',
        'Lip-sync cannot be done by the local engine (no offline model re-renders mouths); send lipsync=false to dub with the picture untouched',
      );
    }
    if (fields.failed) return { ok: false, error: fields.rejection() };
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
  run: runDubbing,
});
