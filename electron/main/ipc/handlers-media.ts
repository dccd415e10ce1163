import type { mediaChannels } from '../../../shared/ipc/channels/media';
import { fail, ok, type Result } from '../../../shared/ipc/result';
import type { MainServices } from '../services/main-services';
import type { DomainHandlers } from './handlers';
import type { FileAccess } from '../services/file-access/file-access';

const outside = (field: string): Result<never> =>
  fail('path_not_allowed', 'That file is outside the folders the app may use.', { field });

/**
 * media:* — every path the renderer names goes through main's FileAccess first; the services get
 * real, allowed paths. Exports are written under the project folder's exports/ only.
 */
export function mediaHandlers(
  services: Pick<MainServices, 'media'>,
  files: FileAccess,
): DomainHandlers<typeof mediaChannels> {
  const { media } = services;
  return {
    'media:inspect': async ({ path }) => {
      const real = await files.allowRead(path);
      return real ? media.inspect(real) : outside('path');
    },
    'media:peaks': async ({ path, pointsPerSecond }) => {
      const real = await files.allowRead(path);
      return real ? media.peaks(real, pointsPerSecond) : outside('path');
    },
    'media:shots': async ({ path, threshold }) => {
      const real = await files.allowRead(path);
      return real ? media.shots(real, threshold, path) : outside('path');
    },
    'media:export': async (request) => {
      const videoPath = await files.allowRead(request.videoPath);
      if (!videoPath) return outside('videoPath');
      const tracks = [];
      for (const [i, track] of request.tracks.entries()) {
        const real = await files.allowRead(track.path);
        if (!real) return outside(`tracks.${i}.path`);
        tracks.push({ ...track, path: real });
      }
      const exported = await media.export({ ...request, videoPath, tracks });
      // The app wrote it: the user may open or reveal it from the result line.
      if (exported.ok) await files.rememberWritten(exported.value.path);
      return exported;
    },
    'media:exportCancel': async ({ exportId }) => ok(media.cancelExport(exportId)),
  };
}
