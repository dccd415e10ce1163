import { z } from 'zod';

/**
 * Response schemas: tolerant on input (unknown keys kept, the shape variants in docs/api-notes.md
 * accepted, numbers that arrive as strings coerced).
 */

/** A number that may arrive as a JSON number or a decimal string. */
export const looseNumber = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i)])
  .transform(Number);

export const apiErrorBodySchema = z.looseObject({
  code: z.string().optional(),
  message: z.string().optional(),
  detail: z.unknown().optional(),
  errors: z
    .array(z.looseObject({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() }))
    .optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const taskAcceptedSchema = z.looseObject({
  task_id: z.string().min(1),
  status: z.string().default('processing'),
  subtitle_preflight: z.record(z.string(), z.unknown()).optional(),
});
export type TaskAccepted = z.infer<typeof taskAcceptedSchema>;

export const mediaResultSchema = z.looseObject({
  url: z.string(),
  content_type: z.string().optional(),
  file_size: looseNumber.optional(),
  stream_index: looseNumber.optional(),
  sample_rate: looseNumber.optional(),
  channels: looseNumber.optional(),
  title: z.unknown().optional(),
});
export type MediaResult = z.infer<typeof mediaResultSchema>;

const soundOutputSchema = z.looseObject({
  variant_index: looseNumber.optional(),
  output_url: z.string(),
  output_type: z.string().optional(),
  output_bytes: looseNumber.optional(),
  music: mediaResultSchema.optional(),
  music_processed: mediaResultSchema.optional(),
  sfx: mediaResultSchema.optional(),
});

export const subtitlePreflightSchema = z.looseObject({
  status: z.string(),
  cue_count: looseNumber.optional(),
  issues: z.array(z.unknown()).optional(),
  changes_count: looseNumber.optional(),
  report_url: z.string().nullable().optional(),
});

export const subtitleExportSchema = z.looseObject({
  status: z.string(),
  issues: z.array(z.unknown()).optional(),
  alignment_loss: z.unknown().optional(),
  error: z.unknown().optional(),
  report_url: z.string().nullable().optional(),
});

export const proofreadWarningSchema = z.looseObject({
  cue: looseNumber.optional(),
  code: z.string(),
  severity: z.string().optional(),
  message: z.string().optional(),
});

export const briefSegmentSchema = z.looseObject({
  start: looseNumber,
  end: looseNumber,
  label: z.string().default('none'),
  prompt: z.string(),
});

export const taskErrorSchema = z.union([
  z.looseObject({ code: z.string(), message: z.string().default('') }),
  z.string().transform((message) => ({ code: 'GENERATION_FAILED', message })),
]);

export const taskStatusSchema = z.looseObject({
  task_id: z.string(),
  status: z.enum(['processing', 'succeeded', 'failed']),
  type: z.string().optional(),
  error: taskErrorSchema.optional(),
  refunded: z.boolean().optional(),
  cost: looseNumber.optional(),
  duration_seconds: looseNumber.optional(),
  variants_num: looseNumber.optional(),
  // `audio` is an array for music tasks and a single object for SFX tasks.
  audio: z.union([z.array(mediaResultSchema), mediaResultSchema]).optional(),
  video: mediaResultSchema.optional(),
  videos: z.array(mediaResultSchema).optional(),
  // `outputs` is a language map for dubbing and a variant list for sound tasks.
  outputs: z.union([z.record(z.string(), z.string()), z.array(soundOutputSchema)]).optional(),
  output_url: z.string().optional(),
  output_type: z.string().optional(),
  output_bytes: looseNumber.optional(),
  music: mediaResultSchema.optional(),
  sfx: mediaResultSchema.optional(),
  music_processed: mediaResultSchema.optional(),
  subtitles: z.record(z.string(), z.string()).optional(),
  source_language: z.string().optional(),
  cue_count: looseNumber.optional(),
  // `warnings` is an array in the spec and an object keyed by language in the clients.
  warnings: z
    .union([z.array(z.unknown()), z.record(z.string(), z.array(proofreadWarningSchema))])
    .optional(),
  subtitle_preflight: z.record(z.string(), subtitlePreflightSchema).optional(),
  subtitle_export: z.record(z.string(), subtitleExportSchema).optional(),
  mode: z.string().optional(),
  segments: z.array(briefSegmentSchema).optional(),
  variations: z.array(z.looseObject({ prompt: z.string() })).optional(),
  sfx_segments: z.array(briefSegmentSchema).optional(),
  sfx_prompt: z.string().optional(),
  title: z.unknown().optional(),
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const trialEntrySchema = z.looseObject({
  granted: looseNumber,
  used: looseNumber,
  remaining: looseNumber.transform((n) => Math.max(0, n)),
});

export const accountServicesSchema = z.looseObject({
  available_services: z.array(z.string()),
  rpm_limit: looseNumber,
  concurrency_limit: looseNumber,
  discount_factor: looseNumber,
  max_upload_size_mb: looseNumber.nullable().optional(),
  /**
   * Duration caps per task type, in seconds, where the service advertises them (the local
   * engine does; the live service has not been seen to). Unreadable entries are dropped.
   */
  max_media_seconds: z
    .record(z.string(), z.unknown())
    .transform(
      (caps) =>
        Object.fromEntries(
          Object.entries(caps).flatMap(([type, value]) => {
            const seconds = Number(value);
            return Number.isFinite(seconds) && seconds > 0 ? [[type, seconds]] : [];
          }),
        ) as Record<string, number>,
    )
    .optional()
    .catch(undefined),
  trial: z.record(z.string(), trialEntrySchema).optional(),
  balance: looseNumber.optional(),
});
export type AccountServices = z.infer<typeof accountServicesSchema>;

export const accountUsageSchema = z.looseObject({
  summary: z.looseObject({
    total_requests: looseNumber.optional(),
    total_duration_seconds: looseNumber.optional(),
    total_cost: looseNumber.optional(),
    period_start: z.string().optional(),
    period_end: z.string().optional(),
  }),
  daily: z.array(
    z.looseObject({
      date: z.string(),
      requests: looseNumber.optional(),
      duration_seconds: looseNumber.optional(),
      cost: looseNumber.optional(),
    }),
  ),
});
export type AccountUsage = z.infer<typeof accountUsageSchema>;

/** NDJSON stream events (docs/api-notes.md 4.1). Unknown types are kept as `unknown`. */
export const streamEventSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('title'),
    title: z.string().default(''),
    summary: z.string().optional(),
    display_tags: z.array(z.string()).optional(),
  }),
  z.looseObject({
    type: z.literal('audio_chunk'),
    data: z.string(),
    stream_index: looseNumber.default(0),
    num_streams: looseNumber.default(1),
  }),
  z.looseObject({
    type: z.literal('cost'),
    billing_rate_per_sec: looseNumber.optional(),
    billing_before_discount: looseNumber.optional(),
    billing_after_discount: looseNumber.optional(),
    discount_factor: looseNumber.optional(),
  }),
  z.looseObject({ type: z.literal('complete') }),
  z.looseObject({
    type: z.literal('error'),
    code: z.string().default('GENERATION_FAILED'),
    message: z.unknown().transform((m) => (typeof m === 'string' && m ? m : 'generation failed')),
  }),
]);
export type StreamEvent =
  z.infer<typeof streamEventSchema> | { type: 'unknown'; raw: Record<string, unknown> };
