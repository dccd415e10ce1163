import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  preloadChannels,
  requestChannels,
  type ChannelResponse,
  type RequestChannel,
} from '../../../shared/ipc/contract';
import { isAllowedExternalUrl } from '../services/external-links';
import { prepareProjectFolder } from '../services/file-access/project-folder';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import type { ApiClient } from '../services/api-client/api-client';
import type { MainServices } from '../services/main-services';
import { checkBeforeUpload } from '../services/media/preflight';
import { toJobRequest } from '../../../shared/domain/jobs/task-job';
import { probeMedia, type ProbeMedia } from '../services/media/probe';
import type { MenuCommand } from '../../../shared/ipc/channels/editor';
import { apiErrorResult, problemsResult } from './api-errors';
import { applyPathRules } from './path-rules';
import { editorHandlers } from './handlers-editor';
import { windowHandlers } from './handlers-window';
import { redactedJob, redactedResult } from '../services/api-client/redacted-errors';
import { subtitleHandlers } from './handlers-subtitles';
import { spellHandlers } from './handlers-spell';
import { mediaHandlers } from './handlers-media';
import { projectHandlers } from './handlers-project';
import { dubHandlers } from './handlers-dub';
import { dubLinesHandlers } from './handlers-dub-lines';
import { ProjectLocks } from '../services/project/project-locks';
import { DEFAULT_CLIENT, DEFAULT_CONTEXT, type CallContext } from './call-context';

/** What the Electron adapters (or the browser-mode host) provide for the platform's own UI. */
export interface PlatformDeps {
  mediaUrlFor(path: string): string;
  showSaveDialog(suggestedName: string): Promise<string | null>;
  revealInFolder(path: string): void | Promise<void>;
  openPath(path: string): Promise<boolean> | boolean;
  pickFiles(kind: 'video' | 'audio' | 'subtitle', multiple: boolean): Promise<string[]>;
  /**
   * The folder the user chose as the project folder, or null when canceled. Electron shows its
   * folder picker and ignores `typedPath`; browser mode has no picker and answers `typedPath`.
   */
  pickFolder(typedPath: string | null, current: string): Promise<string | null>;
  /** Opens an allowlisted link in the system browser; answers whether it did. */
  openExternal(url: string): Promise<boolean> | boolean;
  /** The native menu's commands (Electron); absent where there is no native menu. */
  setMenuCommands?(commands: readonly MenuCommand[]): void;
  /**
   * `client`'s page has written its pending saves: a close held for it may go on (Electron);
   * answers whether one was held. Absent where no close is held (browser mode).
   */
  pageReadyToClose?(client: string): boolean;
}

export interface HandlerDeps {
  services: MainServices;
  platform: PlatformDeps;
  probe?: ProbeMedia;
  log?: (line: string) => void;
}

/** A request after its channel's schema parsed it (defaults filled in). */
export type ParsedRequest<C extends RequestChannel> = z.output<
  (typeof requestChannels)[C]['request']
>;

export type Handlers = {
  [C in RequestChannel]: (
    request: ParsedRequest<C>,
    context?: CallContext,
  ) => Promise<Result<ChannelResponse<C>>>;
};

/** The handlers of one domain's channel table (see shared/ipc/channels). */
export type DomainHandlers<Table> = Pick<Handlers, Extract<keyof Table, RequestChannel>>;

export interface IpcHandlers {
  handlers: Handlers;
  /** Validates `rawRequest` with the channel's schema, then runs its handler; never throws. */
  dispatch(channel: string, rawRequest: unknown, client?: string): Promise<Result<unknown>>;
  /** A window closed or a connection dropped: the projects it held may be edited elsewhere. */
  releaseClient(client: string): void;
  /** The real path of a file the renderer may load, or null (for media protocol / routes). */
  allowMediaPath(path: string): Promise<string | null>;
  /** Channels only the preload may call (not in window.api): see preloadChannels. */
  dispatchPreload(channel: string, rawRequest: unknown): Promise<Result<unknown>>;
}

const noService = () =>
  fail(
    'engine_unavailable',
    'The local engine is not running yet. Wait a moment, or check Settings.',
    { retryable: true },
  );
const outside = (field = 'path') =>
  fail('path_not_allowed', 'That file is outside the folders the app may use.', { field });

export function createHandlers(deps: HandlerDeps): IpcHandlers {
  const { services, platform } = deps;
  const probe = deps.probe ?? probeMedia;
  const files = services.files;
  const locks = new ProjectLocks();

  async function withClient<T>(run: (client: ApiClient) => Promise<Result<T>>): Promise<Result<T>> {
    const client = services.client();
    return client ? run(client) : noService();
  }

  const handlers: Handlers = {
    'settings:get': async () => ok(services.settings.get()),
    'settings:update': (patch) => services.settings.update(patch),
    'settings:chooseProjectFolder': async ({ typedPath }) => {
      const current = services.settings.get();
      const chosen = await platform.pickFolder(typedPath ?? null, current.projectFolder);
      if (!chosen) return ok({ chosen: false, settings: current });
      const folder = await prepareProjectFolder(chosen, {
        homeDir: services.homeDir,
        userDataDir: services.userDataDir,
        appDir: services.appDir,
      });
      if (!folder.ok) return folder;
      const updated = await services.settings.update({ projectFolder: folder.value });
      return updated.ok ? ok({ chosen: true, settings: updated.value }) : updated;
    },
    'key:status': async () => ok(await services.vault.status()),
    'key:set': ({ key }) => services.vault.set(key),
    'key:clear': () => services.vault.clear(),
    'engine:status': async () => ok(services.engineStatus()),
    'account:services': () =>
      withClient(async (client) => {
        const answer = await client.getServices();
        return answer.ok
          ? ok(answer.value as Record<string, unknown>)
          : apiErrorResult(answer.error);
      }),
    'account:usage': ({ days }) =>
      withClient(async (client) => {
        const answer = await client.getUsage(days);
        return answer.ok
          ? ok(answer.value as Record<string, unknown>)
          : apiErrorResult(answer.error);
      }),
    'tasks:get': ({ taskId }) =>
      withClient(async (client) => {
        const answer = await client.getTask(taskId);
        return answer.ok
          ? ok(answer.value as Record<string, unknown>)
          : apiErrorResult(answer.error);
      }),
    'jobs:list': async () =>
      ok(services.jobs.list().map((job) => redactedJob(job, services.secrets()))),
    'storage:problems': async () => {
      await services.jobs.start();
      const ledger = services.jobs.storageProblem();
      return ok(ledger ? [{ store: 'jobs' as const, ...ledger }] : []);
    },
    // The request passed its task's schema and its paths their rules on the way in (dispatch):
    // what is left is the form, built once here, and what only the files can tell.
    'jobs:submit': async (job, { client } = DEFAULT_CONTEXT) => {
      const request = toJobRequest(job);
      const problems = await checkBeforeUpload(job, request, await services.uploadLimits(), probe);
      if (problems.length > 0) return problemsResult(problems);
      const project = locks.heldBy(client);
      return services.jobs.submit(request, project ? { project } : {});
    },
    'jobs:cancel': ({ id }) => services.jobs.cancel(id),
    'jobs:retry': ({ id }) => services.jobs.retry(id),
    'jobs:remove': ({ id }) => services.jobs.remove(id),
    'media:url': async ({ path: requested }) => {
      const real = await files.allowRead(requested);
      return real ? ok({ url: platform.mediaUrlFor(real) }) : outside();
    },
    'media:probe': async ({ path: requested }) => {
      const real = await files.allowRead(requested);
      return real ? probe(real) : outside();
    },
    'files:saveAs': async ({ source, suggestedName }) => {
      const real = await files.allowRead(source);
      if (!real) return outside('source');
      const dest = await platform.showSaveDialog(path.basename(suggestedName));
      if (!dest) return ok({ path: null });
      try {
        await fs.copyFile(real, dest);
      } catch (error) {
        return fail('save_failed', `The file could not be saved: ${(error as Error).message}`);
      }
      await files.rememberWritten(dest);
      return ok({ path: dest });
    },
    'files:reveal': async ({ path: requested }) => {
      const real = await files.allowRead(requested);
      if (!real) return outside();
      await platform.revealInFolder(real);
      return ok({ shown: true });
    },
    'files:open': async ({ path: requested }) => {
      // Opening runs the file's default app: only files the app wrote or the user picked.
      const real = await files.allowOpen(requested);
      if (!real)
        return fail(
          'path_not_allowed',
          'Only files Soundstage wrote or that you picked can be opened; use Show in folder instead.',
          { field: 'path' },
        );
      return ok({ opened: await platform.openPath(real) });
    },
    'files:pick': async ({ kind, multiple }) => {
      const paths = await files.rememberPicked(await platform.pickFiles(kind, multiple));
      return ok({ paths });
    },
    ...subtitleHandlers({ files, projectFolder: () => services.settings.get().projectFolder }),
    'shell:openExternal': async ({ url }) => {
      // Refused links (not https, or not allowlisted) are not an error: nothing was opened.
      if (!isAllowedExternalUrl(url)) return ok({ opened: false });
      return ok({ opened: await platform.openExternal(url) });
    },
    ...spellHandlers(),
    ...mediaHandlers(services, files),
    ...projectHandlers(services, files, locks),
    ...dubHandlers(services),
    ...dubLinesHandlers(services),
    ...editorHandlers(platform),
    ...windowHandlers(platform),
    'tools:capabilities': async ({ refresh }) => ok(await services.tools.view(refresh)),
    'tools:setPath': ({ tool, path: toolPath }) => services.tools.setPath(tool, toolPath),
  };

  async function dispatch(
    channel: string,
    rawRequest: unknown,
    client = DEFAULT_CLIENT,
  ): Promise<Result<unknown>> {
    if (!Object.hasOwn(requestChannels, channel))
      return fail('unknown_channel', `Unknown channel: ${channel.slice(0, 64)}`);
    const name = channel as RequestChannel;
    const parsed = requestChannels[name].request.safeParse(rawRequest ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(
        'invalid_request',
        issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'Invalid request.',
        {
          field: issue?.path.join('.') || undefined,
        },
      );
    }
    try {
      const checked = await applyPathRules(name, parsed.data, files);
      if (!checked.ok) return checked;
      const handler = handlers[name] as (
        request: unknown,
        context: CallContext,
      ) => Promise<Result<unknown>>;
      return redactedResult(await handler(checked.value, { client }), services.secrets());
    } catch (error) {
      deps.log?.(`${channel} failed: ${(error as Error)?.stack ?? String(error)}`);
      return fail('internal', 'Something went wrong in the app. Try again.', { retryable: true });
    }
  }

  /** The preload-only channels: files:registerDropped records a path webUtils read from a drop. */
  async function dispatchPreload(channel: string, rawRequest: unknown): Promise<Result<unknown>> {
    if (channel !== 'files:registerDropped')
      return fail('unknown_channel', `Unknown channel: ${channel.slice(0, 64)}`);
    const parsed = preloadChannels[channel].request.safeParse(rawRequest ?? {});
    if (!parsed.success) return fail('invalid_request', 'A dropped file needs a path.');
    return files.registerDropped(parsed.data.path);
  }

  return {
    handlers,
    dispatch,
    dispatchPreload,
    releaseClient: (client) => locks.release(client),
    allowMediaPath: (p) => files.allowRead(p),
  };
}
