import { z } from 'zod';
import { LANGUAGE_CODES } from '../../api/languages';
import { subtitlesPartSchema } from './subtitles-part';

/**
 * A project document: one `<name>.soundstage` JSON file in the project folder, written by main's
 * ProjectStore. Each workspace keeps its part (score now; subtitles and dub add theirs as
 * optional parts, so a document with only a score part stays valid). Times are integer ms.
 * `version` is bumped on any change that an older app could misread; migrations live beside.
 */
export const PROJECT_FORMAT = 'soundstage-project';
export const PROJECT_VERSION = 1;

const ms = z.number().int().min(0);

/** The workspaces a project can be started from (`project-new`). */
export const PROJECT_KINDS = ['score', 'subtitles', 'dub'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/** A timed prompt on a music or SFX lane; `id` stays the same through moves and edits. */
export const timelineSegmentSchema = z.object({
  id: z.string().min(1).max(64),
  startMs: ms,
  endMs: ms,
  prompt: z.string().max(2000),
});
export type TimelineSegment = z.infer<typeof timelineSegmentSchema>;

export const PROMPT_LANES = ['music', 'sfx'] as const;
export type PromptLane = (typeof PROMPT_LANES)[number];
/** Lanes that hold takes: the two prompt lanes, and `audio` for files the user imported. */
export const TAKE_LANES = ['music', 'sfx', 'audio'] as const;
export type TakeLane = (typeof TAKE_LANES)[number];
export const MIX_LANES = ['source', 'music', 'sfx', 'audio'] as const;
export type MixLane = (typeof MIX_LANES)[number];

/**
 * A sound placed on the timeline: a generated result on a prompt lane (A/B picks one active take
 * per prompt lane), or an imported file on the audio lane (every one of those is heard).
 */
export const takeSchema = z.object({
  id: z.string().min(1).max(64),
  lane: z.enum(TAKE_LANES),
  /** The job that made it (Jobs screen); absent for an imported file. */
  jobId: z.string().min(1).max(100).optional(),
  /** The audio file once downloaded or streamed to disk; absent while generating. */
  path: z.string().max(4096).optional(),
  label: z.string().max(200),
  createdAt: z.number(),
  /** Where the take starts on the timeline. */
  offsetMs: ms.default(0),
  /** How much of the file's start is skipped (trimmed at the left edge). */
  trimStartMs: ms.optional(),
  /** How long it plays from there; absent = to the file's end (trimmed at the right edge). */
  lengthMs: ms.optional(),
  /** The file's own length once known (probe), which bounds trims. */
  fileDurationMs: ms.optional(),
});
export type Take = z.infer<typeof takeSchema>;

export const laneMixSchema = z.object({
  gainDb: z.number().min(-60).max(12).default(0),
  muted: z.boolean().default(false),
  solo: z.boolean().default(false),
});
export type LaneMix = z.infer<typeof laneMixSchema>;

export const LOUDNESS_PRESETS = ['streaming', 'podcast', 'ebu-r128'] as const;
export type LoudnessPreset = (typeof LOUDNESS_PRESETS)[number];

export const scorePartSchema = z.object({
  video: z
    .object({
      path: z.string().min(1).max(4096),
      durationMs: ms,
      hasAudio: z.boolean(),
      fps: z.number().positive().optional(),
    })
    .optional(),
  lanes: z.object({
    music: z.array(timelineSegmentSchema).max(200).default([]),
    sfx: z.array(timelineSegmentSchema).max(200).default([]),
  }),
  takes: z.array(takeSchema).default([]),
  /** The take heard on each prompt lane (A/B); absent = none. */
  activeTakes: z.object({ music: z.string().optional(), sfx: z.string().optional() }).default({}),
  mix: z
    .object({
      source: laneMixSchema.default({ gainDb: 0, muted: false, solo: false }),
      music: laneMixSchema.default({ gainDb: 0, muted: false, solo: false }),
      sfx: laneMixSchema.default({ gainDb: 0, muted: false, solo: false }),
      audio: laneMixSchema.default({ gainDb: 0, muted: false, solo: false }),
      duck: z
        .object({ enabled: z.boolean(), depthDb: z.number().min(0).max(30) })
        .default({ enabled: false, depthDb: 12 }),
    })
    .default({
      source: { gainDb: 0, muted: false, solo: false },
      music: { gainDb: 0, muted: false, solo: false },
      sfx: { gainDb: 0, muted: false, solo: false },
      audio: { gainDb: 0, muted: false, solo: false },
      duck: { enabled: false, depthDb: 12 },
    }),
  /**
   * The overall prompt per lane: the chosen brief variation (music), the SFX overview. Optional
   * so documents and code written before it stay valid as they are.
   */
  prompts: z
    .object({ music: z.string().max(2000).default(''), sfx: z.string().max(2000).default('') })
    .optional(),
  shotThreshold: z.number().min(0.05).max(0.9).default(0.3),
  /**
   * Shot changes edited by hand (shared/domain/timeline/shot-edits.ts): cuts added, and detected
   * cuts removed, kept apart from detection so a new scan keeps them. Optional: older documents
   * have none.
   */
  shots: z
    .object({
      addedMs: z.array(ms).max(2000).default([]),
      removedMs: z.array(ms).max(2000).default([]),
    })
    .optional(),
  loudness: z.enum(LOUDNESS_PRESETS).default('streaming'),
  /**
   * The jobs (main's ledger ids) whose outcome this part has taken in: a brief applied to the
   * lanes, a result added as a take (./score-jobs.ts, docs/decisions/105-score-jobs-from-main.md).
   * Kept outside undo, so undoing a landing never makes it land again. Optional: documents
   * written before it have none and are read by the rule in score-jobs.ts.
   */
  landedJobIds: z.array(z.string().min(1).max(100)).max(10_000).optional(),
  /** Where the editor was: restored on reopen. */
  view: z
    .object({ playheadMs: ms.default(0), pxPerSecond: z.number().positive().default(40) })
    .default({ playheadMs: 0, pxPerSecond: 40 }),
});
export type ScorePart = z.infer<typeof scorePartSchema>;

/** The Dub batch's settings (the columns and the request options every cell shares). */
export const dubSettingsSchema = z.object({
  languages: z.array(z.enum(LANGUAGE_CODES)).max(LANGUAGE_CODES.length).default([]),
  ducking: z.boolean().default(true),
  lipsync: z.boolean().default(false),
  exportSrt: z.boolean().default(false),
});
export type DubSettings = z.infer<typeof dubSettingsSchema>;

/**
 * What a new batch starts with, however it is made (an add in Dub, or project-new with a video):
 * Spanish and French, the original ducked under the dub, and an .srt beside each dub. The
 * schema's defaults are for reading an older document that lacks settings, and stay empty.
 */
export const NEW_BATCH_SETTINGS: Readonly<DubSettings> = {
  languages: ['es', 'fr'],
  ducking: true,
  lipsync: false,
  exportSrt: true,
};

/**
 * A script in the batch. `language`/`video` are set when the user assigned it, or when the
 * Subtitles workspace sent it ("Send to Dub" adds the video and its scripts with both set).
 */
export const dubScriptSchema = z.object({
  path: z.string().min(1).max(4096),
  language: z.enum(LANGUAGE_CODES).optional(),
  video: z.string().min(1).max(4096).optional(),
});
export type DubScript = z.infer<typeof dubScriptSchema>;

/**
 * The Dub workspace's part: the rows (videos), the scripts, the settings, and `runs`, which job
 * runs each planned request (requestKey -> job id). Cell states are derived from the plan and the
 * job ledger; `runs` is written by main only (dub:start, dub:retry).
 */
export const dubPartSchema = z.object({
  videos: z
    .array(z.object({ path: z.string().min(1).max(4096) }))
    .max(2000)
    .default([]),
  scripts: z.array(dubScriptSchema).max(5000).default([]),
  settings: dubSettingsSchema.default({
    languages: [],
    ducking: true,
    lipsync: false,
    exportSrt: false,
  }),
  runs: z.record(z.string(), z.string()).default({}),
  /**
   * Cells the user left out of the run (Space in the grid): never planned into a request, never
   * priced. Kept with the batch so a reload does not price and offer them again. Optional:
   * older documents have none, which means every cell is in.
   */
  excluded: z
    .array(z.object({ video: z.string().min(1).max(4096), language: z.enum(LANGUAGE_CODES) }))
    .max(40_000)
    .optional(),
  /** Where Export all last wrote. */
  exportFolder: z.string().max(4096).optional(),
});
export type DubPart = z.infer<typeof dubPartSchema>;

export const projectDocumentSchema = z.object({
  format: z.literal(PROJECT_FORMAT),
  version: z.literal(PROJECT_VERSION),
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(200),
  createdAt: z.number(),
  updatedAt: z.number(),
  /**
   * Which workspace the project was started for, and its video. Optional (older documents have
   * neither) and not a limit: any workspace may add its part to any project.
   */
  kind: z.enum(PROJECT_KINDS).optional(),
  media: z.object({ path: z.string().min(1).max(4096) }).optional(),
  score: scorePartSchema.optional(),
  /** Owned by the Subtitles workspace (./subtitles-part; defaults keep `{}` valid). */
  subtitles: subtitlesPartSchema.optional(),
  dub: dubPartSchema.optional(),
});
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

export function newProjectDocument(id: string, name: string, now: number): ProjectDocument {
  return {
    format: PROJECT_FORMAT,
    version: PROJECT_VERSION,
    id,
    name,
    createdAt: now,
    updatedAt: now,
  };
}
