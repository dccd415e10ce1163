import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  requestChannels,
  type ChannelResponse,
  type RequestChannel,
} from '../../../shared/ipc/contract';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import type { ApiClient } from '../services/api-client/api-client';
import type { MainServices } from '../services/main-services';
import { checkBeforeUpload } from '../services/media/preflight';
import { probeMedia, type ProbeMedia } from '../services/media/probe';
import type { MenuCommand } from '../../../shared/ipc/channels/editor';
import { apiErrorResult, problemsResult } from './api-errors';
import { mediaHandlers } from './handlers-media';
import { projectHandlers } from './handlers-project';
import { editorHandlers } from './handlers-editor';
import { PathGuard } from './path-guard';

/** What the Electron adapters (or the browser-mode host) provide for the platform's own UI. */
export interface PlatformDeps {
  mediaUrlFor(path: string): string;
  showSaveDialog(suggestedName: string): Promise<string | null>;
  revealInFolder(path: string): void | Promise<void>;
  openPath(path: string): Promise<boolean> | boolean;
  pickFiles(kind: 'video' | 'audio' | 'subtitle', multiple: boolean): Promise<string[]>;
  openExternal(url: string): Promise<void> | void;
  /** The native menu's commands (Electron); absent where there is no native menu. */
  setMenuCommands?(commands: readonly MenuCommand[]): void;
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
  [C in RequestChannel]: (request: ParsedRequest<C>) => Promise<Result<ChannelResponse<C>>>;
};

/** The handlers of one domain's channel table (see shared/ipc/channels). */
export type DomainHandlers<Table> = Pick<Handlers, Extract<keyof Table, RequestChannel>>;

export interface IpcHandlers {
  handlers: Handlers;
  /** Validates `rawRequest` with the channel's schema, then runs its handler; never throws. */
  dispatch(channel: string, rawRequest: unknown): Promise<Result<unknown>>;
  /** The real path of a file the renderer may load, or null (for media protocol / routes). */
  allowMediaPath(path: string): Promise<string | null>;
  guard: PathGuard;
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
  const guard = new PathGuard(
    () => services.allowedRoots(),
    () => services.deniedFiles(),
  );

  async function withClient<T>(run: (client: ApiClient) => Promise<Result<T>>): Promise<Result<T>> {
    const client = services.client();
    return client ? run(client) : noService();
  }

  const handlers: Handlers = {
    'settings:get': async () => ok(services.settings.get()),
    'settings:update': (patch) => services.settings.update(patch),
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
    'jobs:list': async () => ok(services.jobs.list()),
    'jobs:submit': async (request) => {
      const files: Record<string, string> = {};
      for (const [part, filePath] of Object.entries(request.files)) {
        const real = await guard.allow(filePath);
        if (!real) return outside(part);
        files[part] = real;
      }
      const checked = { ...request, files };
      const problems = await checkBeforeUpload(checked, await services.uploadLimits(), probe);
      if (problems.length > 0) return problemsResult(problems);
      return services.jobs.submit(checked);
    },
    'jobs:cancel': ({ id }) => services.jobs.cancel(id),
    'jobs:retry': ({ id }) => services.jobs.retry(id),
    'jobs:remove': ({ id }) => services.jobs.remove(id),
    'media:url': async ({ path: requested }) => {
      const real = await guard.allow(requested);
      return real ? ok({ url: platform.mediaUrlFor(real) }) : outside();
    },
    'media:probe': async ({ path: requested }) => {
      const real = await guard.allow(requested);
      return real ? probe(real) : outside();
    },
    'files:saveAs': async ({ source, suggestedName }) => {
      const real = await guard.allow(source);
      if (!real) return outside('source');
      const dest = await platform.showSaveDialog(path.basename(suggestedName));
      if (!dest) return ok({ path: null });
      try {
        await fs.copyFile(real, dest);
      } catch (error) {
        return fail('save_failed', `The file could not be saved: ${(error as Error).message}`);
      }
      return ok({ path: dest });
    },
    'files:reveal': async ({ path: requested }) => {
      const real = await guard.allow(requested);
      if (!real) return outside();
      await platform.revealInFolder(real);
      return ok({ shown: true });
    },
    'files:open': async ({ path: requested }) => {
      const real = await guard.allow(requested);
      if (!real) return outside();
      return ok({ opened: await platform.openPath(real) });
    },
    'files:pick': async ({ kind, multiple }) => {
      const paths = await platform.pickFiles(kind, multiple);
      await guard.rememberPicked(paths);
      return ok({ paths });
    },
    'shell:openExternal': async ({ url }) => {
      const protocol = safeProtocol(url);
      if (protocol !== 'https:' && protocol !== 'http:') {
        return fail('url_not_allowed', 'Only web links (http or https) can be opened.', {
          field: 'url',
        });
      }
      await platform.openExternal(url);
      return ok({ opened: true });
    },
    ...mediaHandlers(services, guard),
    ...projectHandlers(services, guard),
    ...editorHandlers(platform),
  };

  async function dispatch(channel: string, rawRequest: unknown): Promise<Result<unknown>> {
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
      const handler = handlers[name] as (request: unknown) => Promise<Result<unknown>>;
      return await handler(parsed.data);
    } catch (error) {
      deps.log?.(`${channel} failed: ${(error as Error)?.stack ?? String(error)}`);
      return fail('internal', 'Something went wrong in the app. Try again.', { retryable: true });
    }
  }

  return { handlers, dispatch, allowMediaPath: (p) => guard.allow(p), guard };
}

function safeProtocol(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}
