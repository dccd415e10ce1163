import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProjectDocument } from '../../../shared/domain/project/document';
import { exportRequestSchema } from '../../../shared/ipc/channels/media';
import { MediaService } from '../services/media/media-service';
import { ProjectLocks } from '../services/project/project-locks';
import { ProjectStore } from '../services/project/project-store';
import { mediaHandlers } from './handlers-media';
import { projectHandlers } from './handlers-project';
import { FileAccess } from '../services/file-access/file-access';
import { toolPath } from '../../../shared/node/toolchain';

/**
 * The media:* and project:* handlers with main's real FileAccess and real services: every path the
 * renderer names is checked before a service sees it, and files land only in the app's folders.
 */
const run = promisify(execFile);
let base: string;
const dirs = { project: '', userData: '', outside: '' };
let media: ReturnType<typeof mediaHandlers>;
let project: ReturnType<typeof projectHandlers>;
let clip: string;
let outsideClip: string;

beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'handlers-score-')));
  for (const name of ['project', 'userData', 'outside'] as const) {
    dirs[name] = path.join(base, name);
    await fs.mkdir(dirs[name], { recursive: true });
  }
  clip = path.join(dirs.project, 'clip.mp4');
  await run(toolPath('ffmpeg'), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=128x72:rate=25:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-shortest',
    clip,
  ]);
  outsideClip = path.join(dirs.outside, 'clip.mp4');
  await fs.copyFile(clip, outsideClip);
  // A link inside the project folder that points outside must not open the way.
  await fs.symlink(outsideClip, path.join(dirs.project, 'link.mp4'));
  const files = new FileAccess({
    homeDir: path.join(base, 'home'),
    userDataDir: dirs.userData,
    projectFolder: () => dirs.project,
  });
  const services = {
    media: new MediaService({
      cacheDir: path.join(dirs.userData, 'media-cache'),
      projectFolder: () => dirs.project,
      emit: () => undefined,
    }),
    projects: new ProjectStore({ userDataDir: dirs.userData, projectFolder: () => dirs.project }),
  };
  media = mediaHandlers(services, files);
  // No jobs run in these tests: the project's job list is covered in handlers-project.test.ts.
  project = projectHandlers(
    { ...services, jobs: { list: () => [] }, secrets: () => [] },
    files,
    new ProjectLocks(),
  );
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const refused = (field: string) => ({ ok: false, error: { code: 'path_not_allowed', field } });

describe('media handlers', () => {
  it('serve files inside the app folders and refuse others, links included', async () => {
    expect(await media['media:inspect']({ path: clip })).toMatchObject({
      ok: true,
      value: { video: { width: 128, height: 72 } },
    });
    expect((await media['media:peaks']({ path: clip, pointsPerSecond: 20 })).ok).toBe(true);
    expect((await media['media:shots']({ path: clip, threshold: 0.3 })).ok).toBe(true);
    for (const p of [outsideClip, path.join(dirs.project, 'link.mp4'), 'clip.mp4']) {
      expect(await media['media:inspect']({ path: p })).toMatchObject(refused('path'));
      expect(await media['media:peaks']({ path: p, pointsPerSecond: 20 })).toMatchObject(
        refused('path'),
      );
      expect(await media['media:shots']({ path: p, threshold: 0.3 })).toMatchObject(
        refused('path'),
      );
    }
  });

  it('check the video and every take of an export before anything runs', async () => {
    const request = (videoPath: string, takePath: string) =>
      exportRequestSchema.parse({
        exportId: randomUUID(),
        kind: 'video',
        videoPath,
        durationMs: 2000,
        source: { gainDb: 0 },
        tracks: [
          { role: 'music', path: clip },
          { role: 'sfx', path: takePath },
        ],
        duck: { enabled: false, depthDb: 12 },
        loudness: 'streaming',
        name: 'out',
      });
    expect(await media['media:export'](request(outsideClip, clip))).toMatchObject(
      refused('videoPath'),
    );
    expect(await media['media:export'](request(clip, outsideClip))).toMatchObject(
      refused('tracks.1.path'),
    );
    const exported = await media['media:export'](request(clip, clip));
    expect(exported).toMatchObject({
      ok: true,
      value: { path: path.join(dirs.project, 'exports', 'out.mp4') },
    });
    expect(await media['media:exportCancel']({ exportId: randomUUID() })).toEqual({
      ok: true,
      value: { canceled: false },
    });
  });
});

describe('project handlers', () => {
  it('save new files only inside an allowed folder', async () => {
    const document = newProjectDocument('p1', 'Cut', 1);
    const inside = path.join(dirs.project, 'Cut.soundstage');
    expect((await project['project:save']({ path: inside, document, autosave: false })).ok).toBe(
      true,
    );
    const opened = await project['project:open']({ path: inside });
    expect(opened).toMatchObject({ ok: true, value: { readOnly: false, path: inside } });
    const outside = path.join(dirs.outside, 'Cut.soundstage');
    expect(
      await project['project:save']({ path: outside, document, autosave: true }),
    ).toMatchObject(refused('path'));
    expect(await project['project:open']({ path: outside })).toMatchObject(refused('path'));
    expect(await project['project:restore']({ path: outside, accept: false })).toMatchObject(
      refused('path'),
    );
    await expect(fs.readdir(dirs.outside)).resolves.toEqual(['clip.mp4']);
    expect(await project['project:recent']({})).toMatchObject({
      ok: true,
      value: [{ path: inside, name: 'Cut' }],
    });
  });
});
