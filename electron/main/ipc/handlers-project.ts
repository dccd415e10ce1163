import path from 'node:path';
import type { projectChannels } from '../../../shared/ipc/channels/project';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import { redactedJob } from '../services/api-client/redacted-errors';
import type { MainServices } from '../services/main-services';
import type { ProjectLocks } from '../services/project/project-locks';
import type { JobRunner } from '../services/job-runner/job-runner';
import { DEFAULT_CONTEXT } from './call-context';
import type { DomainHandlers } from './handlers';
import type { FileAccess } from '../services/file-access/file-access';

const outside = (): Result<never> =>
  fail('path_not_allowed', 'That project is outside the folders the app may use.', {
    field: 'path',
  });

const HELD_NOTICE =
  'This project is open for editing in another Soundstage window, so it is read-only here. ' +
  'Close it there (or close that window) and open it again to edit it here.';

/**
 * project:* — a project path may name a file that does not exist yet (first save), so FileAccess
 * checks its folder and the file name is joined to the folder's real path. Opening takes the
 * project for the asking client (window or tab); saves from a client that does not hold it are
 * refused, so a read-only second window can never overwrite the first one's edits.
 */
export function projectHandlers(
  services: Pick<MainServices, 'projects' | 'secrets'> & { jobs: Pick<JobRunner, 'list'> },
  files: FileAccess,
  locks: ProjectLocks,
): DomainHandlers<typeof projectChannels> {
  const { projects } = services;
  async function allowProject(requested: string): Promise<string | null> {
    if (!path.isAbsolute(requested)) return null;
    const folder = await files.allowRead(path.dirname(requested));
    return folder ? path.join(folder, path.basename(requested)) : null;
  }
  const heldElsewhere = (file: string, client: string) => {
    const holder = locks.holderOf(file);
    return holder !== null && holder.client !== client;
  };
  const refuseHeld = () => fail('project_read_only', HELD_NOTICE);
  return {
    'project:recent': async () => ok(await projects.recent()),
    'project:create': ({ name, kind, video }) =>
      projects.create(name, { ...(kind ? { kind } : {}), ...(video ? { media: video } : {}) }),
    'project:open': async ({ path: requested, journal, window }, { client } = DEFAULT_CONTEXT) => {
      const real = await files.allowRead(requested);
      if (!real) return outside();
      const opened = await projects.open(real, { journal: !!journal });
      if (!opened.ok || opened.value.readOnly) return opened;
      const lock = locks.acquire(real, client, window);
      if (!lock.held)
        return ok({ ...opened.value, readOnly: true, heldElsewhere: true, notice: HELD_NOTICE });
      await projects.last.set(real);
      return opened;
    },
    'project:last': async () => ok({ path: await projects.last.get() }),
    'project:close': async (_request, { client } = DEFAULT_CONTEXT) => {
      const held = locks.heldBy(client);
      locks.release(client);
      if (held) await projects.last.set(null);
      return ok({ closed: held !== null });
    },
    'project:jobs': async ({ path: requested }) => {
      const real = await files.allowRead(requested);
      if (!real) return outside();
      const jobs = services.jobs
        .list()
        .filter((job) => job.project === real)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((job) => redactedJob(job, services.secrets()));
      return ok(jobs);
    },
    'project:save': async (
      { path: requested, document, autosave },
      { client } = DEFAULT_CONTEXT,
    ) => {
      const real = await allowProject(requested);
      if (!real) return outside();
      if (heldElsewhere(real, client)) return refuseHeld();
      return projects.save(real, document, autosave);
    },
    'project:restorable': async () => ok(await projects.restorable()),
    'project:restore': async ({ path: requested, accept }, { client } = DEFAULT_CONTEXT) => {
      const real = await allowProject(requested);
      if (!real) return outside();
      if (heldElsewhere(real, client)) return refuseHeld();
      return projects.restore(real, accept);
    },
  };
}
