import { z } from 'zod';
import { LOUDNESS_PRESETS } from '../../domain/project/document';

/**
 * Media services in main (Score and Subtitles): full probe, waveform peaks, shot changes and the
 * mix export. Results are cached on disk by file identity, so a second request is instant.
 */
const filePath = z.string().min(1).max(4096);

export const mediaInfoSchema = z.object({
  path: z.string(),
  durationMs: z.number().int().min(0),
  bytes: z.number().int().min(0),
  container: z.string(),
  video: z
    .object({
      codec: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      fps: z.number().positive(),
    })
    .optional(),
  audio: z
    .object({
      codec: z.string(),
      channels: z.number().int(),
      sampleRate: z.number().int(),
    })
    .optional(),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;

/**
 * Waveform peaks for wavesurfer's `peaks` option. `peaks` is base64 of an Int8Array holding,
 * per bucket of 1/pointsPerSecond s, the minimum then the maximum sample (scaled to ±127) of the
 * mono downmix: decoding that in the renderer is cheap, decoding the media is not.
 */
export const peaksSchema = z.object({
  pointsPerSecond: z.number().int().positive(),
  durationMs: z.number().int().min(0),
  peaks: z.string(),
});
export type Peaks = z.infer<typeof peaksSchema>;

export const exportTrackSchema = z.object({
  role: z.enum(['music', 'sfx', 'audio']),
  /** A take's audio file (the path guard decides whether it is reachable). */
  path: filePath,
  offsetMs: z.number().int().min(0).default(0),
  /** The file's start skipped, and how long it plays from there (absent = to its end). */
  trimStartMs: z.number().int().min(0).optional(),
  lengthMs: z.number().int().min(1).optional(),
  gainDb: z.number().min(-60).max(12).default(0),
});

export const exportRequestSchema = z
  .object({
    /** Chosen by the renderer so it can cancel and match progress events. */
    exportId: z.string().uuid(),
    /** 'video': the picture stream-copied with the mix; 'audio': the mix alone (m4a or wav). */
    kind: z.enum(['video', 'audio']),
    audioFormat: z.enum(['m4a', 'wav']).default('m4a'),
    videoPath: filePath,
    durationMs: z.number().int().positive(),
    /** The video's own sound; null leaves it out. */
    source: z.object({ gainDb: z.number().min(-60).max(12) }).nullable(),
    tracks: z.array(exportTrackSchema).max(32),
    /** Also write each lane with sound as its own WAV beside the export (named after its lane). */
    stems: z.boolean().default(false),
    /** Music ducked under the source's speech. */
    duck: z.object({ enabled: z.boolean(), depthDb: z.number().min(0).max(30) }),
    loudness: z.enum(LOUDNESS_PRESETS),
    /** File name (no folders) written under the project folder's exports/. */
    name: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[^/\\]+$/, 'A file name, without folders.'),
  })
  .strict();
export type ExportRequest = z.input<typeof exportRequestSchema>;

export const mediaChannels = {
  /** Full probe: streams, fps, size, duration, audio channels and rate. */
  'media:inspect': {
    paths: { path: 'read' },
    request: z.object({ path: filePath }).strict(),
    response: mediaInfoSchema,
  },
  'media:peaks': {
    paths: { path: 'read' },
    request: z
      .object({ path: filePath, pointsPerSecond: z.number().int().min(10).max(1000).default(100) })
      .strict(),
    response: peaksSchema,
  },
  /** Shot changes by ffmpeg scene detection; `threshold` 0.05 (sensitive) … 0.9. */
  'media:shots': {
    paths: { path: 'read' },
    request: z
      .object({ path: filePath, threshold: z.number().min(0.05).max(0.9).default(0.3) })
      .strict(),
    response: z.object({ threshold: z.number(), shotsMs: z.array(z.number().int().min(0)) }),
  },
  /** Mixes, normalises to the preset and (kind 'video') muxes; answers when the file is done. */
  'media:export': {
    paths: { videoPath: 'read', 'tracks[].path': 'read' },
    request: exportRequestSchema,
    response: z.object({
      path: z.string(),
      durationMs: z.number(),
      integratedLufs: z.number(),
      truePeakDb: z.number(),
      /** One WAV per lane with sound, when asked for. */
      stems: z.array(z.object({ lane: z.string(), path: z.string() })).default([]),
    }),
  },
  'media:exportCancel': {
    request: z.object({ exportId: z.string().uuid() }).strict(),
    response: z.object({ canceled: z.boolean() }),
  },
} as const;

export const mediaEvents = {
  /**
   * One shot change of a running media:shots, pushed as soon as ffmpeg finds it (in time order)
   * so the timeline shows markers before the scan ends; `path` and `threshold` are the request's.
   * A cached answer pushes nothing: its reply carries the whole list at once.
   */
  'media:shotFound': z.object({
    path: z.string(),
    threshold: z.number(),
    ms: z.number().int().min(0),
  }),
  'media:exportProgress': z.object({
    exportId: z.string(),
    stage: z.enum(['mixing', 'measuring', 'muxing']),
    fraction: z.number().min(0).max(1),
  }),
} as const;
