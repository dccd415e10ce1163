import { z } from 'zod';
import { LANGUAGE_CODES } from '../../api/languages';
import { dubPartSchema, dubSettingsSchema, dubScriptSchema } from '../../domain/project/document';

const filePath = z.string().min(1).max(4096);
const projectPath = z.string().min(1).max(4096);
const language = z.enum(LANGUAGE_CODES);
/** A request of the batch plan (`<video>#scripted` or `<video>#translated`). */
const requestKey = z.string().min(1).max(4200);

/** What main measured of a video (shared/domain/dub VideoFacts). */
export const videoFactsSchema = z.object({
  path: z.string(),
  isUrl: z.boolean().optional(),
  durationSeconds: z.number().optional(),
  bytes: z.number().optional(),
  hasVideo: z.boolean().optional(),
  error: z.string().optional(),
});

/** What main read of a script (shared/domain/dub ScriptFacts). */
export const scriptFactsSchema = z.object({
  path: z.string(),
  bytes: z.number(),
  cueCount: z.number(),
  error: z.string().optional(),
  detectedLanguage: language.nullable().optional(),
  qcWarnings: z.number().optional(),
});

/**
 * The queue as main runs it. `paused` stops new submissions (tasks already sent keep being
 * polled); `reason` says why ('payment' after a 402, 'user' after dub:pause) and `message` what
 * to do. `rpm` is the pacing window: requests sent in the last minute against the account's
 * rpm_limit (limit null while unknown).
 */
export const dubQueueStateSchema = z.object({
  paused: z.boolean(),
  reason: z.enum(['payment', 'user']).nullable(),
  message: z.string().nullable(),
  rpmWindow: z.object({ used: z.number(), limit: z.number().nullable() }),
  /** Jobs of dub batches that have not ended (queued, waiting or running). */
  active: z.number(),
  /**
   * Queued jobs the pause is holding: never sent, so neither running nor timed. Optional in
   * what is read (an older main sends none), always sent by main.
   */
  held: z.array(z.string().max(100)).max(10_000).default([]),
});
export type DubQueueState = z.infer<typeof dubQueueStateSchema>;

const runsSchema = z.record(z.string(), z.string());
const requestKeys = z.object({ projectPath, requestKeys: z.array(requestKey).min(1).max(500) });

/**
 * IPC request channels of the Dub domain (composed into requestChannels in ../contract).
 * The batch's cell states come from the plan (shared/domain/dub, computed in the renderer from
 * facts) and the jobs (jobs:list / jobs:changed) through `runs`; main keeps no second status.
 */
export const dubChannels = {
  /**
   * Sorts dropped or picked paths into videos and scripts (.srt/.vtt); folders are expanded
   * (symlinked folders followed once, loops skipped), duplicates by real path ignored, and the
   * rest listed in `skipped` with a reason in words. Paths must be ones the app may read
   * (picked, dropped through the preload, or inside the project folder).
   */
  'dub:addPaths': {
    paths: { 'paths[]': 'read' },
    request: z.object({ paths: z.array(filePath).min(1).max(2000) }).strict(),
    response: z.object({
      videos: z.array(z.string()),
      scripts: z.array(z.string()),
      skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
    }),
  },
  /**
   * Facts for the plan: videos probed with ffprobe in a bounded pool, scripts read with the
   * shared subtitle reader (QC, language detection); both cached by file identity (path, size,
   * mtime). A file that cannot be read answers a fact with `error`, never a failed call.
   */
  'dub:facts': {
    paths: { 'videos[]': 'read-or-url', 'scripts[].path': 'read' },
    request: z
      .object({
        videos: z.array(filePath).max(2000),
        scripts: z.array(z.object({ path: filePath, language: language.optional() })).max(5000),
      })
      .strict(),
    response: z.object({
      videos: z.array(videoFactsSchema),
      scripts: z.array(scriptFactsSchema),
    }),
  },
  /**
   * Starts (or continues) the batch of a saved project: main plans it again from its own facts
   * and the account, submits each request not yet in `runs` through the job runner, and writes
   * `runs` into the project's dub part. The renderer takes `runs` from the answer (and from
   * dub:runsChanged), never writes its own. Blocked cells are never submitted.
   */
  'dub:start': {
    paths: {
      projectPath: 'read',
      'videos[]': 'read-or-url',
      'scripts[].path': 'read',
      'scripts[].video': 'read-or-url',
      'excluded[].video': 'read-or-url',
    },
    request: z
      .object({
        projectPath,
        videos: z.array(filePath).max(2000),
        scripts: z.array(dubScriptSchema).max(5000),
        settings: dubSettingsSchema,
        /** Cells the user left out of this run: never planned into a request, never charged. */
        excluded: z
          .array(z.object({ video: filePath, language: z.string().min(2).max(10) }).strict())
          .max(40_000)
          .default([]),
      })
      .strict(),
    response: z.object({ runs: runsSchema, submitted: z.number(), blocked: z.number() }),
  },
  /** The dub part main last wrote for a project (runs) and the queue state. */
  'dub:status': {
    paths: { projectPath: 'read' },
    request: z.object({ projectPath }).strict(),
    response: z.object({ dub: dubPartSchema.nullable(), queue: dubQueueStateSchema }),
  },
  /** Holds new submissions of every batch (running tasks finish). */
  'dub:pause': { request: z.object({}).strict(), response: dubQueueStateSchema },
  /** Continues after dub:pause or a 402 pause; jobs that stopped on the 402 are sent again. */
  'dub:resume': { request: z.object({}).strict(), response: dubQueueStateSchema },
  /**
   * Sends failed or canceled requests again (a new POST: it may be charged again). A cell is
   * retried with the request it rides in (its video's scripted or unscripted languages).
   */
  'dub:retry': {
    paths: { projectPath: 'read' },
    request: requestKeys.strict(),
    response: z.object({ runs: runsSchema }),
  },
  /** Cancels requests not yet ended (a cell is canceled with the request it rides in). */
  'dub:cancel': {
    paths: { projectPath: 'read' },
    request: requestKeys.strict(),
    response: z.object({ canceled: z.number() }),
  },
  /**
   * Copies every finished result next to its name: `<clip>.<lang>.mp4` and, with export_srt,
   * `<clip>.<lang>.srt`, into `folder` (default: `<project folder>/<project name> dubs`).
   * Existing files of the same name are replaced.
   */
  'dub:exportAll': {
    paths: { projectPath: 'read', folder: 'folder' },
    request: z.object({ projectPath, folder: filePath.optional() }).strict(),
    response: z.object({ folder: z.string(), files: z.array(z.string()) }),
  },
} as const;

/** Pushes of the Dub domain (composed into eventChannels in ../contract). */
export const dubEvents = {
  /** The queue paused, resumed, or its pacing window moved. */
  'dub:queueChanged': dubQueueStateSchema,
  /** main recorded new runs for a project (start, retry): merge them into the open document. */
  'dub:runsChanged': z.object({ projectPath: z.string(), runs: runsSchema }),
} as const;
