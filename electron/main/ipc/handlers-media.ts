import type { mediaChannels } from '../../../shared/ipc/channels/media';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import type { MainServices } from '../services/main-services';
import type { DomainHandlers } from './handlers';
import type { ReadGuard } from './read-guard';

const outside = (field: string): Result<never> =>
  fail('path_not_allowed', 'That file is outside the folders the app may use.', { field });

/**
 * media:* — every path the renderer names goes through the path guard first; the services get
 * real, allowed paths. Exports are written under the project folder's exports/ only.
 */
export function mediaHandlers(
  services: Pick<MainServices, 'media'>,
  guard: ReadGuard,
): DomainHandlers<typeof mediaChannels> {
  const { media } = services;
  return {
    'media:inspect': async ({ path }) => {
      const real = await guard.allow(path);
      return real ? media.inspect(real) : outside('path');
    },
    'media:peaks': async ({ path, pointsPerSecond }) => {
      const real = await guard.allow(path);
      return real ? media.peaks(real, pointsPerSecond) : outside('path');
    },
    'media:shots': async ({ path, threshold }) => {
      const real = await guard.allow(path);
      return real ? media.shots(real, threshold) : outside('path');
    },
    'media:export': async (request) => {
      const videoPath = await guard.allow(request.videoPath);
      if (!videoPath) return outside('videoPath');
      const tracks = [];
      for (const [i, track] of request.tracks.entries()) {
        const real = await guard.allow(track.path);
        if (!real) return outside(`tracks.${i}.path`);
        tracks.push({ ...track, path: real });
      }
      return media.export({ ...request, videoPath, tracks });
    },
    'media:exportCancel': async ({ exportId }) => ok(media.cancelExport(exportId)),
  };
}
