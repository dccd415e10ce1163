import path from 'node:path';
import type { dubChannels } from '../../../shared/ipc/channels/dub';
import { fail, ok } from '../../../shared/ipc/result';
import type { MainServices } from '../services/main-services';
import { expandPaths } from '../services/dub/expand-paths';
import { copyResults, exportItems } from '../services/dub/export-results';
import type { DomainHandlers } from './handlers';

/** The Dub domain's handlers: paths, facts, and the batch queue (services/dub). */
export function dubHandlers(
  services: Pick<MainServices, 'dub' | 'dubFacts' | 'files' | 'jobs' | 'projects'>,
): DomainHandlers<typeof dubChannels> {
  const { dub, files } = services;
  return {
    'dub:addPaths': async ({ paths }) =>
      ok(await expandPaths(paths, { allowRead: (p) => files.allowRead(p) })),
    'dub:facts': async ({ videos, scripts }) => {
      const allowed = async (p: string) =>
        /^https?:\/\//i.test(p) || (await files.allowRead(p)) !== null;
      for (const p of [...videos, ...scripts.map((s) => s.path)])
        if (!(await allowed(p)))
          return fail(
            'path_not_allowed',
            'A file is outside the folders the app may use; add it again.',
            {
              field: 'path',
            },
          );
      const [videoFacts, scriptFacts] = await Promise.all([
        services.dubFacts.videoFacts(videos),
        services.dubFacts.scriptFacts(scripts),
      ]);
      return ok({ videos: videoFacts, scripts: scriptFacts });
    },
    'dub:start': (request) => dub.start(request),
    'dub:status': async ({ projectPath }) => {
      const opened = await services.projects.open(projectPath);
      if (!opened.ok) return opened;
      const part = opened.value.document?.dub ?? null;
      if (part) dub.track(part.runs);
      return ok({ dub: part, queue: dub.state() });
    },
    'dub:pause': async () => ok(dub.pause()),
    'dub:resume': async () => ok(await dub.resume()),
    'dub:retry': ({ projectPath, requestKeys }) => dub.retry(projectPath, requestKeys),
    'dub:cancel': ({ projectPath, requestKeys }) => dub.cancel(projectPath, requestKeys),
    'dub:exportAll': async ({ projectPath, folder }) => {
      const runs = await dub.runsOf(projectPath);
      if (!runs.ok) return runs;
      const items = exportItems(runs.value, (id) => services.jobs.get(id));
      if (items.length === 0)
        return fail('no_dub_results', 'No cell has finished yet. Run the batch, then export.');
      const target =
        folder ??
        path.join(
          path.dirname(projectPath),
          `${path.basename(projectPath, path.extname(projectPath))} dubs`,
        );
      if (folder !== undefined && path.isAbsolute(folder) === false)
        return fail('path_not_allowed', 'Choose a folder by its full path.', { field: 'folder' });
      try {
        const written = await copyResults(target, items);
        await files.rememberPicked([target]);
        return ok({ folder: target, files: written });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        return fail(
          code === 'ENOSPC' ? 'disk_full' : 'export_not_writable',
          `Export stopped (${code ?? 'error'}): check the folder is writable and has space, then export again.`,
        );
      }
    },
  };
}
