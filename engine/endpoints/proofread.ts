import { capabilityRejection, proofreadNeeds } from '../capabilities/requirements';
import { defineAsyncEndpoint, ok } from '../server/endpoint';
import type { ProofreadInput } from '../speech/proofread-run';
import { runProofread } from '../speech/proofread-run';
import { readLanguageCode, readLanguagesField } from '../speech/languages-field';

/**
 * POST /v1/proofread: English speech to an editable .srt, plus Apertium draft translations.
 * Billed per second times max(1, targets) with the core's 10 s floor and free trials.
 */
export const proofreadEndpoint = defineAsyncEndpoint<ProofreadInput>({
  type: 'proofread',
  failureCode: 'TRANSCRIPTION_FAILED',
  async prepare(_form, ctx) {
    const { fields } = ctx;
    const languages = readLanguagesField(fields, { allowEmpty: true }) ?? [];
    const sourceHint = readLanguageCode(fields, 'source_language');
    if (fields.failed) return { ok: false, error: fields.rejection() };
    // A language this machine cannot recognise or translate is refused before the probe.
    if (ctx.capabilities) {
      const refusal = capabilityRejection(proofreadNeeds(ctx.capabilities, languages, sourceHint));
      if (refusal) return { ok: false, error: refusal };
    }
    const media = await ctx.resolveMedia({ httpsOnly: true, requireAudio: true });
    if (!media.ok) return media;
    return ok({
      mediaPath: media.value.path,
      durationSeconds: media.value.probe.durationSeconds,
      languages,
      ...(sourceHint ? { sourceHint } : {}),
    });
  },
  billing: (input) => ({
    seconds: input.durationSeconds,
    multiplier: Math.max(1, input.languages.length),
  }),
  run: runProofread,
});
