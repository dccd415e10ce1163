import { z } from 'zod';
import { jobSchema } from '../domain/jobs/job';
import { taskJobSchema } from '../domain/jobs/task-job';
import { dubChannels, dubEvents } from './channels/dub';
import { dubLinesChannels, dubLinesEvents } from './channels/dub-lines';
import { editorChannels, editorEvents } from './channels/editor';
import { notificationEvents } from './channels/notifications';
import { mediaChannels, mediaEvents } from './channels/media';
import { projectChannels, projectEvents } from './channels/project';
import { storageChannels } from './channels/storage';
import { spellChannels } from './channels/spell';
import { subtitlesChannels, subtitlesEvents } from './channels/subtitles';
import { toolsChannels } from './channels/tools';
import { windowChannels, windowEvents } from './channels/window';
import {
  engineStatusSchema,
  keyStatusSchema,
  settingsPatchSchema,
  settingsSchema,
} from './settings';
import { streamChunkSchema } from './stream-frame';

const none = z.object({}).strict();
const jobId = z.object({ id: z.string().min(1).max(100) }).strict();
const filePath = z.object({ path: z.string().min(1).max(4096) }).strict();
/** Response shapes of the service are validated in main; across IPC they are passed as data. */
const json = z.record(z.string(), z.unknown());

/** Channels of the app's frame: settings, key, engine, account, jobs, files. */
export const coreChannels = {
  'settings:get': { request: none, response: settingsSchema },
  'settings:update': { request: settingsPatchSchema.strict(), response: settingsSchema },
  /**
   * Changes the project folder, which decides what the renderer may read. Electron opens main's
   * folder picker (typedPath is ignored); browser mode checks the typed path (absolute, a folder
   * main can create, not a system folder or the home folder itself). `chosen` is false on cancel.
   */
  'settings:chooseProjectFolder': {
    paths: { typedPath: 'project-folder' },
    request: z.object({ typedPath: z.string().min(1).max(4096).optional() }).strict(),
    response: z.object({ chosen: z.boolean(), settings: settingsSchema }),
  },
  'key:status': { request: none, response: keyStatusSchema },
  /** Verifies the key against GET /v1/account/services, then stores it encrypted. */
  'key:set': {
    request: z.object({ key: z.string().min(1).max(500) }).strict(),
    response: keyStatusSchema,
  },
  'key:clear': { request: none, response: keyStatusSchema },
  'engine:status': { request: none, response: engineStatusSchema },
  'account:services': { request: none, response: json },
  'account:usage': {
    request: z.object({ days: z.number().int().min(1).max(365) }).strict(),
    response: json,
  },
  'tasks:get': {
    request: z.object({ taskId: z.string().min(1).max(200) }).strict(),
    response: json,
  },
  'jobs:list': { request: none, response: z.array(jobSchema) },
  /** A task's request in its schema's shape; main builds the HTTP form from it once. */
  'jobs:submit': {
    paths: {
      'request.video': 'read',
      'request.voice_file': 'read',
      'request.music_file': 'read',
      'request.subtitles{}.file': 'read',
    },
    request: taskJobSchema,
    response: jobSchema,
  },
  'jobs:cancel': { request: jobId, response: jobSchema },
  'jobs:retry': { request: jobId, response: jobSchema },
  'jobs:remove': { request: jobId, response: z.object({ removed: z.boolean() }) },
  /** A URL the renderer may load for a local file inside the app's folders. */
  'media:url': {
    paths: { path: 'read' },
    request: filePath,
    response: z.object({ url: z.string() }),
  },
  /** Probe of a local media file (duration, streams) for checks before upload. */
  'media:probe': {
    paths: { path: 'read' },
    request: filePath,
    response: z.object({
      durationSeconds: z.number(),
      hasVideo: z.boolean(),
      hasAudio: z.boolean(),
      bytes: z.number(),
      width: z.number().optional(),
      height: z.number().optional(),
    }),
  },
  /** Copies a result to a path the user picked. In browser mode the name is inside the project folder. */
  'files:saveAs': {
    paths: { source: 'read' },
    request: z
      .object({ source: z.string().min(1), suggestedName: z.string().min(1).max(255) })
      .strict(),
    response: z.object({ path: z.string().nullable() }),
  },
  'files:reveal': {
    paths: { path: 'read' },
    request: filePath,
    response: z.object({ shown: z.boolean() }),
  },
  'files:open': {
    paths: { path: 'open' },
    request: filePath,
    response: z.object({ opened: z.boolean() }),
  },
  /** Opens a native file picker; returns absolute paths (browser mode: files uploaded to the host). */
  'files:pick': {
    request: z
      .object({ kind: z.enum(['video', 'audio', 'subtitle']), multiple: z.boolean() })
      .strict(),
    response: z.object({ paths: z.array(z.string()) }),
  },
  /** http(s) links the app may open in the system browser (allowlisted in main). */
  'shell:openExternal': {
    request: z.object({ url: z.string().url() }).strict(),
    response: z.object({ opened: z.boolean() }),
  },
} as const;

/**
 * Channels only the preload calls, never exposed on window.api (so page script cannot name
 * them): a dropped file's path, read by the preload with webUtils.getPathForFile from a real
 * File object, which page script cannot forge.
 */
export const preloadChannels = {
  'files:registerDropped': { request: filePath, response: z.object({ path: z.string() }) },
} as const;
export type PreloadChannel = keyof typeof preloadChannels;
export const PRELOAD_CHANNEL_NAMES = Object.keys(preloadChannels) as PreloadChannel[];

/**
 * The IPC contract: every request channel with its request and response schema. Main registers
 * a handler per channel; the preload and the browser-mode bridge expose exactly these. Each
 * workspace domain keeps its channels in ./channels/<domain>.ts.
 */
export const requestChannels = {
  ...coreChannels,
  ...mediaChannels,
  ...projectChannels,
  ...subtitlesChannels,
  ...spellChannels,
  ...dubChannels,
  ...dubLinesChannels,
  ...editorChannels,
  ...storageChannels,
  ...toolsChannels,
  ...windowChannels,
} as const;

export type RequestChannel = keyof typeof requestChannels;
export type ChannelRequest<C extends RequestChannel> = z.input<
  (typeof requestChannels)[C]['request']
>;
export type ChannelResponse<C extends RequestChannel> = z.output<
  (typeof requestChannels)[C]['response']
>;

/** Pushes from main to the renderer. */
export const eventChannels = {
  'jobs:changed': jobSchema,
  /** Audio bytes of a running stream, as bytes, in order (./stream-frame.ts). */
  'stream:chunk': streamChunkSchema,
  'engine:changed': engineStatusSchema,
  ...mediaEvents,
  ...projectEvents,
  ...subtitlesEvents,
  ...dubEvents,
  ...dubLinesEvents,
  ...editorEvents,
  ...notificationEvents,
  ...windowEvents,
} as const;

export type EventChannel = keyof typeof eventChannels;
export type EventPayload<C extends EventChannel> = z.output<(typeof eventChannels)[C]>;

export const REQUEST_CHANNEL_NAMES = Object.keys(requestChannels) as RequestChannel[];
export const EVENT_CHANNEL_NAMES = Object.keys(eventChannels) as EventChannel[];
