import { AUDIO_FORMATS, LIMITS } from '../../shared/api/limits';
import type { AudioFormat } from '../audio/encode';
import { renderSfxFromText } from '../sfx/index';
import { defineAsyncEndpoint, ok } from '../server/endpoint';

interface TextToSfxInput {
  prompt: string;
  durationSeconds: number;
  format: AudioFormat;
}

/**
 * POST /v1/text-to-sfx (spec; docs/api-notes.md 6.4): always async. `audio_format` is checked after
 * the typed fields, so a request with both kinds of problem gets the 422 first, as FastAPI
 * validates the model before the handler's own 400 check.
 */
export const textToSfxEndpoint = defineAsyncEndpoint<TextToSfxInput>({
  type: 'text_to_sfx',
  async prepare(_form, ctx) {
    const f = ctx.fields;
    const prompt = f.string('prompt', { required: true, min: 1, max: LIMITS.promptMaxChars });
    if (prompt !== '' && prompt.trim() === '')
      f.problem('prompt', 'String should have at least 1 character', 'string_too_short');
    const durationSeconds = f.int('duration', { required: true, ...LIMITS.textToSfxDuration });
    const format = f.choice('audio_format', AUDIO_FORMATS, 'aac', 400);
    if (f.failed) return { ok: false, error: f.rejection() };
    return ok({ prompt: prompt.trim(), durationSeconds, format });
  },
  billing: (input) => ({ seconds: input.durationSeconds }),
  async run(input, ctx) {
    const file = await renderSfxFromText(
      { prompt: input.prompt, durationSeconds: input.durationSeconds },
      {
        workDir: ctx.workDir,
        format: input.format,
        signal: ctx.signal,
        watermarkPayload: ctx.watermarkPayload,
        watermarkKey: ctx.watermarkKey,
      },
    );
    const published = await ctx.publish(file.path, {
      contentType: file.contentType,
      ext: file.ext,
      name: 'sfx',
    });
    return { audio: { ...published, sample_rate: 44100, channels: 2 } };
  },
});
