import { join } from 'node:path';
import { LIMITS, MUSIC_OUTPUT_FORMATS } from '../../shared/api/limits';
import { checkSegments, type Segment } from '../../shared/api/segments';
import { renderMusicFile, streamMusic, type MusicSpec } from '../music/index';
import {
  defineStreamEndpoint,
  invalidRequest,
  ok,
  reject,
  type Checked,
  type FieldReader,
} from '../server/endpoint';

type OutputFormat = (typeof MUSIC_OUTPUT_FORMATS)[number];

interface TextToMusicInput {
  prompt: string;
  durationSeconds: number;
  mode: 'stream' | 'async';
  outputFormat: OutputFormat;
  /** Async only: takes of the same prompt, one per seed. */
  variants: number;
  segments?: Segment[];
}

const CONTENT_TYPES: Record<OutputFormat, string> = {
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/**
 * POST /v1/text-to-music (spec; docs/api-notes.md 4, 6.1): NDJSON stream by default, async task
 * with mode=async. Settings that only exist for async tasks are refused on a stream with 400.
 */
export const textToMusicEndpoint = defineStreamEndpoint<TextToMusicInput>({
  type: 'text_to_music',
  async prepare(_form, ctx) {
    const f = ctx.fields;
    const prompt = f.string('prompt', {
      required: true,
      min: 1,
      max: LIMITS.textToMusicPromptMaxChars,
    });
    if (prompt !== '' && prompt.trim() === '')
      f.problem('prompt', 'String should have at least 1 character', 'string_too_short');
    const { min, max } = LIMITS.textToMusicDuration;
    const durationSeconds = f.int('duration', { required: true, min, max });
    const mode = f.choice('mode', ['stream', 'async'] as const, 'stream');
    const outputFormat = f.choice('output_format', MUSIC_OUTPUT_FORMATS, 'm4a');
    const variants = f.int('variants_num', { default: 1, min: 1, max: 10 });
    const stems = f.bool('stems', false);
    const segments = readMusicSegments(f, durationSeconds);
    if (f.failed) return { ok: false, error: f.rejection() };

    if (mode === 'stream') {
      const asyncOnly = [
        outputFormat !== 'm4a' && `output_format=${outputFormat}`,
        variants > 1 && 'variants_num > 1',
        stems && 'stems',
      ].filter(Boolean);
      if (asyncOnly.length)
        return invalidRequest(
          `${asyncOnly.join(', ')} requires mode=async (the stream carries one m4a track)`,
        );
    }
    // No offline stem separator exists here (docs/engine-notes.md section 6): say so before charging.
    if (stems)
      return reject(422, 'unprocessable_entity', 'stems are not available on the local engine');
    return ok({
      prompt: prompt.trim(),
      durationSeconds,
      mode,
      outputFormat,
      variants,
      ...(segments ? { segments } : {}),
    });
  },
  // Billed per variant; variants are never covered by a free trial call (docs/api-notes.md 6.1).
  billing: (input) => ({
    seconds: input.durationSeconds,
    multiplier: input.variants,
    trialEligible: input.variants === 1,
  }),
  isStream: (input) => input.mode === 'stream',
  async *stream(input, ctx) {
    const music = streamMusic(toSpec(input, 0), {
      workDir: ctx.workDir,
      signal: ctx.signal,
      watermarkPayload: ctx.watermarkPayload,
      watermarkKey: ctx.watermarkKey,
    });
    yield { type: 'title', title: music.title, summary: music.summary, display_tags: music.tags };
    for await (const bytes of music.chunks) yield { type: 'audio', bytes };
  },
  async run(input, ctx) {
    const audio: Record<string, unknown>[] = [];
    const titles: { title: string; summary: string; display_tags: string[] }[] = [];
    for (let variant = 0; variant < input.variants; variant++) {
      const file = await renderMusicFile(toSpec(input, variant), {
        workDir: join(ctx.workDir, `variant-${variant}`),
        format: input.outputFormat,
        signal: ctx.signal,
        watermarkPayload: ctx.watermarkPayload,
        watermarkKey: ctx.watermarkKey,
      });
      const published = await ctx.publish(file.path, {
        contentType: file.contentType || CONTENT_TYPES[input.outputFormat],
        ext: input.outputFormat,
        name: input.variants > 1 ? `music-${variant + 1}` : 'music',
      });
      const title = { title: file.title, summary: file.summary, display_tags: file.tags };
      titles.push(title);
      audio.push({
        stream_index: variant,
        ...published,
        sample_rate: file.sampleRate,
        channels: file.channels,
        ...(input.variants > 1 ? { title } : {}),
      });
    }
    return {
      audio,
      title: titles[0],
      ...(input.variants > 1 ? { variants_num: input.variants } : {}),
    };
  },
});

function toSpec(input: TextToMusicInput, seed: number): MusicSpec {
  return {
    prompt: input.prompt,
    durationSeconds: input.durationSeconds,
    ...(seed ? { seed } : {}),
    ...(input.segments ? { segments: input.segments } : {}),
  };
}

/**
 * Music segments: the spec's `{start, end, prompt}` items, or the clients' start-only music
 * shape `{start, prompt, label?}` where each item ends where the next begins (docs/api-notes.md 6.1).
 * Checked with the shared rules; the last end may not pass the requested duration.
 */
function readMusicSegments(f: FieldReader, durationSeconds: number): Segment[] | undefined {
  const raw = f.json('segments');
  if (raw === undefined) return undefined;
  const parsed = toSegments(raw, durationSeconds);
  if (!parsed.ok) {
    f.problem('segments', parsed.error.message);
    return undefined;
  }
  for (const problem of checkSegments(parsed.value, f.failed ? undefined : durationSeconds))
    f.problem('segments', problem.message);
  return parsed.value;
}

function toSegments(raw: unknown, durationSeconds: number): Checked<Segment[]> {
  const shapeError = reject(
    422,
    'unprocessable_entity',
    'segments must be a JSON array of {start, end, prompt} objects',
  );
  if (!Array.isArray(raw)) return shapeError;
  const items = raw.map((item: unknown) =>
    typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : null,
  );
  const segments: Segment[] = [];
  for (const [index, item] of items.entries()) {
    if (!item || typeof item.prompt !== 'string') return shapeError;
    const start = Number(item.start);
    const next = items[index + 1];
    const end =
      item.end !== undefined ? Number(item.end) : next ? Number(next.start) : durationSeconds;
    if (
      item.start === undefined ||
      typeof item.start === 'boolean' ||
      !Number.isFinite(start) ||
      !Number.isFinite(end)
    )
      return shapeError;
    segments.push({ start, end, prompt: item.prompt });
  }
  return ok(segments);
}
