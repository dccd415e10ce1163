import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathGuard } from './path-guard';

let base: string;
let project: string;
let outside: string;
beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'guard-')));
  project = path.join(base, 'project');
  outside = path.join(base, 'outside');
  await fs.mkdir(path.join(project, 'job'), { recursive: true });
  await fs.mkdir(outside, { recursive: true });
  await fs.writeFile(path.join(project, 'job', 'take.m4a'), 'a');
  await fs.writeFile(path.join(project, 'engine.key'), 'k');
  await fs.writeFile(path.join(outside, 'secret.txt'), 's');
  await fs.writeFile(path.join(outside, 'picked.mp4'), 'v');
  await fs.symlink(path.join(outside, 'secret.txt'), path.join(project, 'link-out'));
  // A sibling whose name starts like the root must not pass a naive prefix check.
  await fs.mkdir(`${project}-evil`);
  await fs.writeFile(path.join(`${project}-evil`, 'x.m4a'), 'x');
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('PathGuard', () => {
  const guard = () =>
    new PathGuard(
      () => [project],
      () => [path.join(project, 'engine.key')],
    );

  it('allows files inside a root and answers their real path', async () => {
    expect(await guard().allow(path.join(project, 'job', 'take.m4a'))).toBe(
      path.join(project, 'job', 'take.m4a'),
    );
    expect(await guard().allow(path.join(project, 'job', '..', 'job', 'take.m4a'))).toBe(
      path.join(project, 'job', 'take.m4a'),
    );
  });

  it('refuses traversal, symlinks out, sibling prefixes, relative paths, missing files and denied files', async () => {
    const g = guard();
    expect(await g.allow(path.join(project, '..', 'outside', 'secret.txt'))).toBeNull();
    expect(await g.allow(path.join(project, 'link-out'))).toBeNull();
    expect(await g.allow(path.join(`${project}-evil`, 'x.m4a'))).toBeNull();
    expect(await g.allow('project/job/take.m4a')).toBeNull();
    expect(await g.allow(path.join(project, 'job', 'missing.m4a'))).toBeNull();
    expect(await g.allow(path.join(project, 'engine.key'))).toBeNull();
    expect(await g.allow(`${path.join(project, 'job', 'take.m4a')}\0.png`)).toBeNull();
  });

  it('allows a file outside the roots only after the user picked it', async () => {
    const g = guard();
    const picked = path.join(outside, 'picked.mp4');
    expect(await g.allow(picked)).toBeNull();
    await g.rememberPicked([picked]);
    expect(await g.allow(picked)).toBe(picked);
    expect(await g.allow(path.join(outside, 'secret.txt'))).toBeNull();
  });
});
