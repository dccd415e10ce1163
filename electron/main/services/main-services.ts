import path from 'node:path';
import type { EventChannel, EventPayload } from '../../../shared/ipc/contract';
import type { EngineStatus, Settings } from '../../../shared/ipc/settings';
import { redactedJob } from './api-client/redacted-errors';
import { ApiClient } from './api-client/api-client';
import { urlOrigin } from './api-client/base-url';
import type { FetchImpl } from './api-client/http';
import { EngineHost } from './engine-host/engine-host';
import type { EngineLauncher } from './engine-host/engine-launcher';
import { JobRunner } from './job-runner/job-runner';
import { FileAccess } from './file-access/file-access';
import { KeyVault } from './key-vault/key-vault';
import { FileSecretStorage, type SecretStorage } from './key-vault/secret-storage';
import { loudestPeak } from './media/loudest-peak';
import { MediaService } from './media/media-service';
import type { UploadLimits } from './media/preflight';
import { ProjectStore } from './project/project-store';
import { DubFacts } from './dub/dub-facts';
import { DubQueue } from './dub/dub-queue';
import { DubLines } from './dub-lines/dub-lines';
import { RequestPacer } from './dub/request-pacer';
import { probeMedia } from './media/probe';
import { LIMITS } from '../../../shared/api/limits';
import { batchProgressSink } from './dub/batch-progress';
import { JobNotifier, type NoticeDisplay } from './notifications/job-notifier';
import { SettingsStore } from './settings/settings-store';
import { ToolService } from './tools/tool-service';
import type { OpenSettingsDocument } from './settings/settings-document';

export type Emit = <E extends EventChannel>(channel: E, payload: EventPayload<E>) => void;

export interface MainServicesOptions {
  /** The app's user data folder: settings, job ledger, engine data, engine key. */
  userDataDir: string;
  /** The user's home folder: the default project folder is `<homeDir>/Soundstage`. */
  homeDir: string;
  /** Where the app is installed (the repository in browser mode): never a project folder. */
  appDir?: string;
  /** A different default project folder (browser mode's --project). */
  defaultProjectFolder?: string;
  /** Where browser mode's host writes uploaded files (they count as picked by the user). */
  uploadsDir: string;
  clientVersion: string;
  engineLauncher: EngineLauncher;
  /** Storage of the cloud key: Electron's safeStorage adapter, or FileSecretStorage in browser mode. */
  secretStorage: SecretStorage;
  /** The settings file's store; conf by default (Electron too: docs/decisions/075-electron-45.md). */
  openSettings?: OpenSettingsDocument;
  emit: Emit;
  log?: (line: string) => void;
  fetchImpl?: FetchImpl;
  /** Poll schedule base (tests use a short one). */
  pollIntervalMs?: number;
  /** Electron's taskbar progress and OS notifications; browser mode has none (toasts only). */
  noticeDisplay?: NoticeDisplay;
  /** Files the renderer must never read even inside the allowed roots (e.g. the encrypted key file). */
  secretFiles?: string[];
}

export interface MainServices {
  readonly settings: SettingsStore;
  readonly vault: KeyVault;
  readonly engine: EngineHost;
  readonly jobs: JobRunner;
  /** Probe, peaks, shot changes and exports (media:*). */
  readonly media: MediaService;
  /** Project documents, autosave journals and recent projects (project:*). */
  readonly projects: ProjectStore;
  /** The Dub batch queue (dub:*) and its facts cache. */
  readonly dub: DubQueue;
  /** Line re-dubs of finished cells (dub:line*). */
  readonly dubLines: DubLines;
  readonly dubFacts: DubFacts;
  /** Paces every request to the service under the account's rpm_limit. */
  readonly pacer: RequestPacer;
  /** Tool paths and the capability table (tools:*). */
  readonly tools: ToolService;
  readonly userDataDir: string;
  readonly uploadsDir: string;
  /** The client of the chosen service; null while the local engine is not running. */
  client(): ApiClient | null;
  /** The keys main holds right now (cloud and engine), for redaction by value. */
  secrets(): string[];
  engineStatus(): EngineStatus;
  /** The account's upload cap (cached GET /v1/account/services) for checks before upload. */
  uploadLimits(): Promise<UploadLimits>;
  readonly homeDir: string;
  readonly appDir?: string;
  /** Which files the renderer may name: main's own list (see FileAccess). */
  readonly files: FileAccess;
  dispose(): Promise<void>;
}

const LIMITS_TTL_MS = 5 * 60_000;

function originOf(settings: Settings): string {
  return settings.engine.kind === 'local' ? 'local' : settings.engine.baseUrl;
}

/** Wires settings, key vault, engine host, API client and job runner together. */
export async function createMainServices(options: MainServicesOptions): Promise<MainServices> {
  const log = options.log ?? (() => undefined);
  const settings = new SettingsStore({
    dir: options.userDataDir,
    defaultProjectFolder: options.defaultProjectFolder ?? path.join(options.homeDir, 'Soundstage'),
    open: options.openSettings,
    log,
  });
  await settings.load();

  let cachedClient: ApiClient | null = null;
  const pacer = new RequestPacer();
  let limitsCache: { origin: string; at: number; limits: UploadLimits } | null = null;

  const vault = new KeyVault({
    storage: options.secretStorage,
    serviceUrl: () => {
      const choice = settings.get().engine;
      return choice.kind === 'custom' ? choice.baseUrl : null;
    },
    verify: (key, baseUrl) => newClient(baseUrl, async () => key).getServices(),
  });

  const engineKeyFile = path.join(options.userDataDir, 'engine.key');
  const secretFiles = [engineKeyFile, ...(options.secretFiles ?? [])];
  if (options.secretStorage instanceof FileSecretStorage)
    secretFiles.push(options.secretStorage.filePath);
  const secrets = (): string[] =>
    [vault.knownKey(), engine.key()].filter((key): key is string => Boolean(key));
  // Bound below, once the engine host exists; the engine reads the paths at each launch.
  let tools: ToolService | null = null;
  const engine = new EngineHost({
    env: () => tools?.engineEnv() ?? {},
    launcher: options.engineLauncher,
    dataDir: path.join(options.userDataDir, 'engine'),
    keyStorage: new FileSecretStorage(engineKeyFile),
    log,
    onStatus: (status) => {
      cachedClient = null;
      if (settings.get().engine.kind === 'local') {
        options.emit('engine:changed', status);
        if (status.state === 'running') jobs.refresh();
      }
    },
  });

  function newClient(baseUrl: string, getKey: () => Promise<string | null>): ApiClient {
    return new ApiClient({
      baseUrl,
      getKey,
      clientVersion: options.clientVersion,
      fetchImpl: pacer.wrap(options.fetchImpl ?? fetch),
      beforePost: (signal) => pacer.acquire(signal),
      log,
    });
  }

  function client(): ApiClient | null {
    const choice = settings.get().engine;
    if (choice.kind === 'custom') {
      if (cachedClient?.baseUrl !== choice.baseUrl)
        cachedClient = newClient(choice.baseUrl, () => vault.keyFor(urlOrigin(choice.baseUrl)));
      return cachedClient;
    }
    const url = engine.url();
    if (!url) return null;
    if (cachedClient?.baseUrl !== url) cachedClient = newClient(url, async () => engine.key());
    return cachedClient;
  }

  function engineStatus(): EngineStatus {
    const choice = settings.get().engine;
    return choice.kind === 'custom'
      ? { kind: 'custom', baseUrl: choice.baseUrl, state: 'remote' }
      : engine.status();
  }

  tools = new ToolService({
    settings,
    localClient: () => (settings.get().engine.kind === 'local' ? client() : null),
    restartEngine: async () => {
      if (settings.get().engine.kind !== 'local') return;
      const restarted = await engine.restart();
      if (!restarted.ok) log(`local engine did not restart: ${restarted.error.message}`);
    },
  });

  // Bound once the queue exists (it needs the runner); the runner asks it only from pump().
  let dub: DubQueue | null = null;
  let dubLines: DubLines | null = null;
  // Every long job's end is told once: an event for the renderer's toast, and the OS's notice.
  const notifier = new JobNotifier({
    emit: (notice) => options.emit('notifications:show', notice),
    display: options.noticeDisplay,
    isBatchJob: (job) => dub?.ownsJob(job) ?? false,
  });
  const batchNotices = batchProgressSink({
    setProgress: () => undefined,
    notify: (title, body, failed) =>
      notifier.notify({
        id: `batch:${Date.now()}`,
        title,
        body,
        tone: failed > 0 ? 'danger' : 'success',
        target: { screen: 'dub' },
      }),
  });
  const jobs = new JobRunner({
    dataDir: options.userDataDir,
    projectFolder: () => settings.get().projectFolder,
    client,
    concurrency: () => settings.get().maxConcurrentJobs,
    origin: () => originOf(settings.get()),
    onChange: (job) => {
      dub?.jobChanged(job);
      dubLines?.jobChanged(job);
      options.emit('jobs:changed', redactedJob(job, secrets()));
      notifier.jobChanged(job);
    },
    holds: (job) => dub?.holds(job) ?? false,
    // The bytes go as bytes (docs/decisions/104-stream-bytes-not-base64.md).
    onStreamChunk: (jobId, seq, bytes) =>
      options.emit('stream:chunk', { jobId, seq, data: ownedBytes(bytes) }),
    pollIntervalMs: options.pollIntervalMs,
    log,
  });

  const files = new FileAccess({
    homeDir: options.homeDir,
    userDataDir: options.userDataDir,
    appDir: options.appDir,
    projectFolder: () => settings.get().projectFolder,
    pickedFolders: [options.uploadsDir],
    writtenFiles: () => jobs.list().flatMap((job) => job.files.map((file) => file.path)),
    deniedFiles: () => secretFiles,
  });

  settings.onChange((next, previous) => {
    if (JSON.stringify(next.engine) === JSON.stringify(previous.engine)) {
      jobs.refresh();
      return;
    }
    cachedClient = null;
    limitsCache = null;
    if (next.engine.kind === 'local') void engine.start();
    else void engine.stop();
    options.emit('engine:changed', engineStatus());
    jobs.refresh();
  });

  async function uploadLimits(): Promise<UploadLimits> {
    const origin = originOf(settings.get());
    if (limitsCache && limitsCache.origin === origin && Date.now() - limitsCache.at < LIMITS_TTL_MS)
      return limitsCache.limits;
    const services = await client()?.getServices();
    if (!services?.ok) return {};
    limitsCache = {
      origin,
      at: Date.now(),
      limits: {
        maxUploadMb: services.value.max_upload_size_mb,
        maxMediaSeconds: services.value.max_media_seconds,
      },
    };
    return limitsCache.limits;
  }

  const projectFolder = () => settings.get().projectFolder;
  const media = new MediaService({
    cacheDir: path.join(options.userDataDir, 'media-cache'),
    projectFolder,
    emit: options.emit,
  });
  const projects = new ProjectStore({ userDataDir: options.userDataDir, projectFolder });

  const dubFacts = new DubFacts({
    probe: probeMedia,
    peakLevel: (file) => loudestPeak(media, file),
  });
  dub = new DubQueue({
    jobs,
    projects,
    facts: dubFacts,
    pacer,
    client,
    engine: () => (settings.get().engine.kind === 'local' ? 'local' : 'remote'),
    maxUploadMb: async () => (await uploadLimits()).maxUploadMb ?? LIMITS.defaultMaxUploadMb,
    capabilities: () => tools?.engineTable() ?? Promise.resolve(null),
    onQueueChanged: (state) => options.emit('dub:queueChanged', state),
    onRunsChanged: (projectPath, runs) => options.emit('dub:runsChanged', { projectPath, runs }),
    onBatchProgress: (progress) => {
      notifier.batchProgress(progress.finished, progress.total);
      batchNotices(progress);
    },
  });
  const queue = dub;
  dubLines = new DubLines({
    jobs,
    track: (jobId) => queue.track({ line: jobId }),
    client,
    engine: () => (settings.get().engine.kind === 'local' ? 'local' : 'remote'),
    capabilities: () => tools?.engineTable() ?? Promise.resolve(null),
    onChanged: (file) => options.emit('dub:linesChanged', { dub: file }),
  });

  if (settings.get().engine.kind === 'local') {
    const started = await engine.start();
    if (!started.ok) log(`local engine did not start: ${started.error.message}`);
  }
  await jobs.start();

  return {
    secrets,
    settings,
    vault,
    engine,
    jobs,
    media,
    projects,
    dub,
    dubLines,
    dubFacts,
    pacer,
    tools,
    userDataDir: options.userDataDir,
    uploadsDir: options.uploadsDir,
    client,
    engineStatus,
    uploadLimits,
    homeDir: options.homeDir,
    appDir: options.appDir,
    files,
    dispose: async () => {
      media.dispose();
      await jobs.dispose();
      await engine.stop();
    },
  };
}

/**
 * The chunk as a plain Uint8Array over a buffer of its own. A structured clone carries a view's
 * entire backing buffer, so a view into a pooled Node Buffer would hand the page memory that is
 * not this chunk; such a view is copied (`new Uint8Array(view)` copies, `Buffer#slice` would not).
 */
function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  const whole =
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength;
  return whole ? new Uint8Array(buffer) : new Uint8Array(bytes);
}
