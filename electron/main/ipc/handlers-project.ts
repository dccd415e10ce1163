import path from 'node:path';
import type { projectChannels } from '../../../shared/ipc/channels/project';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import type { MainServices } from '../services/main-services';
import type { DomainHandlers } from './handlers';
import type { ReadGuard } from './read-guard';

const outside = (): Result<never> =>
  fail('path_not_allowed', 'That project is outside the folders the app may use.', {
    field: 'path',
  });

/**
 * project:* — a project path may name a file that does not exist yet (first save), so the guard
 * checks its folder and the file name is joined to the folder's real path.
 */
export function projectHandlers(
  services: Pick<MainServices, 'projects'>,
  guard: ReadGuard,
): DomainHandlers<typeof projectChannels> {
  const { projects } = services;
  async function allowProject(requested: string): Promise<string | null> {
    if (!path.isAbsolute(requested)) return null;
    const folder = await guard.allow(path.dirname(requested));
    return folder ? path.join(folder, path.basename(requested)) : null;
  }
  return {
    'project:recent': async () => ok(await projects.recent()),
    'project:create': ({ name }) => projects.create(name),
    'project:open': async ({ path: requested }) => {
      const real = await guard.allow(requested);
      return real ? projects.open(real) : outside();
    },
    'project:save': async ({ path: requested, document, autosave }) => {
      const real = await allowProject(requested);
      return real ? projects.save(real, document, autosave) : outside();
    },
    'project:restorable': async () => ok(await projects.restorable()),
    'project:restore': async ({ path: requested, accept }) => {
      const real = await allowProject(requested);
      return real ? projects.restore(real, accept) : outside();
    },
  };
}
