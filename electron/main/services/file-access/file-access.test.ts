import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileAccess } from './file-access';

let base: string;
let project: string;
let outside: string;
let uploads: string;
beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'access-')));
  project = path.join(base, 'home', 'project');
  outside = path.join(base, 'outside');
  uploads = path.join(base, 'data', 'uploads');
  await fs.mkdir(path.join(project, 'job'), { recursive: true });
  await fs.mkdir(outside, { recursive: true });
  await fs.mkdir(path.join(uploads, 'a1'), { recursive: true });
  await fs.writeFile(path.join(project, 'job', 'take.m4a'), 'a');
  await fs.writeFile(path.join(project, 'job', 'result.wav'), 'r');
  await fs.writeFile(path.join(project, 'engine.key'), 'k');
  await fs.writeFile(path.join(outside, 'secret.txt'), 's');
  await fs.writeFile(path.join(outside, 'picked.mp4'), 'v');
  await fs.writeFile(path.join(uploads, 'a1', 'clip.mp4'), 'u');
  await fs.symlink(path.join(outside, 'secret.txt'), path.join(project, 'link-out'));
  // A sibling whose name starts like the root must not pass a naive prefix check.
  await fs.mkdir(`${project}-evil`);
  await fs.writeFile(path.join(`${project}-evil`, 'x.m4a'), 'x');
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const access = (projectFolder = () => project) =>
  new FileAccess({
    homeDir: path.join(base, 'home'),
    userDataDir: path.join(base, 'data'),
    projectFolder,
    pickedFolders: [uploads],
    writtenFiles: () => [path.join(project, 'job', 'result.wav')],
    deniedFiles: () => [path.join(project, 'engine.key')],
  });

describe('FileAccess', () => {
  it('lets the renderer read files inside the project folder, by their real path', async () => {
    const files = access();
    const take = path.join(project, 'job', 'take.m4a');
    expect(await files.allowRead(take)).toBe(take);
    expect(await files.allowRead(path.join(project, 'job', '..', 'job', 'take.m4a'))).toBe(take);
  });

  it('refuses traversal, symlinks out, sibling prefixes, relative paths, missing files and denied files', async () => {
    const files = access();
    expect(
      await files.allowRead(path.join(project, '..', '..', 'outside', 'secret.txt')),
    ).toBeNull();
    expect(await files.allowRead(path.join(project, 'link-out'))).toBeNull();
    expect(await files.allowRead(path.join(`${project}-evil`, 'x.m4a'))).toBeNull();
    expect(await files.allowRead('project/job/take.m4a')).toBeNull();
    expect(await files.allowRead(path.join(project, 'job', 'missing.m4a'))).toBeNull();
    expect(await files.allowRead(path.join(project, 'engine.key'))).toBeNull();
    expect(await files.allowRead(`${path.join(project, 'job', 'take.m4a')}\0.png`)).toBeNull();
    expect(await files.allowRead('/etc/passwd')).toBeNull();
  });

  it('allows a file outside the project folder only after the user picked it', async () => {
    const files = access();
    const picked = path.join(outside, 'picked.mp4');
    expect(await files.allowRead(picked)).toBeNull();
    expect(await files.rememberPicked([picked, outside])).toEqual([picked]);
    expect(await files.allowRead(picked)).toBe(picked);
    expect(await files.allowOpen(picked)).toBe(picked);
    expect(await files.allowRead(path.join(outside, 'secret.txt'))).toBeNull();
    // A folder in the picker's answer is not a file: it opens nothing up.
    expect(await files.allowRead(outside)).toBeNull();
  });

  it('opens only files the app wrote or the user picked, not any file in the project folder', async () => {
    const files = access();
    expect(await files.allowOpen(path.join(project, 'job', 'take.m4a'))).toBeNull();
    expect(await files.allowOpen(path.join(project, 'job', 'result.wav'))).toBe(
      path.join(project, 'job', 'result.wav'),
    );
    expect(await files.allowOpen(path.join(uploads, 'a1', 'clip.mp4'))).toBe(
      path.join(uploads, 'a1', 'clip.mp4'),
    );
    const copy = path.join(outside, 'saved-copy.wav');
    await fs.writeFile(copy, 'c');
    expect(await files.allowOpen(copy)).toBeNull();
    await files.rememberWritten(copy);
    expect(await files.allowOpen(copy)).toBe(copy);
    expect(await files.allowOpen('/etc/passwd')).toBeNull();
  });

  it('registers a dropped path only when it is an existing regular file', async () => {
    const files = access();
    expect((await files.registerDropped(outside)).ok).toBe(false);
    expect((await files.registerDropped('/dev/null')).ok).toBe(false);
    expect((await files.registerDropped('relative.mp4')).ok).toBe(false);
    expect((await files.registerDropped(path.join(outside, 'nope.mp4'))).ok).toBe(false);
    expect((await files.registerDropped(path.join(project, 'engine.key'))).ok).toBe(false);
    const dropped = path.join(outside, 'picked.mp4');
    expect(await files.registerDropped(dropped)).toEqual({ ok: true, value: { path: dropped } });
    expect(await files.allowRead(dropped)).toBe(dropped);
  });

  it('gives no access through a stored project folder that breaks the folder rule', async () => {
    const files = access(() => '/');
    expect(await files.allowRead('/etc/passwd')).toBeNull();
    expect(await files.allowRead(path.join(project, 'job', 'take.m4a'))).toBeNull();
  });
});
