import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/domain/jobs/job';
import { FileAccess } from '../services/file-access/file-access';
import { ProjectLocks } from '../services/project/project-locks';
import { ProjectStore } from '../services/project/project-store';
import { projectHandlers } from './handlers-project';

/** project:* over a real project folder, as two clients (windows or tabs) would call them. */
let base: string;
let project: ReturnType<typeof projectHandlers>;
let locks: ProjectLocks;
let jobs: Job[];

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'handlers-project-')));
  const folder = path.join(base, 'projects');
  const userData = path.join(base, 'user-data');
  await fs.mkdir(folder, { recursive: true });
  const files = new FileAccess({
    homeDir: path.join(base, 'home'),
    userDataDir: userData,
    projectFolder: () => folder,
  });
  locks = new ProjectLocks();
  jobs = [];
  const projects = new ProjectStore({ userDataDir: userData, projectFolder: () => folder });
  // The job runner's list is the only part of it these channels read.
  project = projectHandlers(
    { projects, jobs: { list: () => jobs }, secrets: () => [] },
    files,
    locks,
  );
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('project handlers', () => {
  it('opens a project read-only in a second client until the first lets go', async () => {
    const created = await project['project:create']({ name: 'Shared', kind: 'subtitles' });
    if (!created.ok) throw new Error(created.error.message);
    const file = created.value.path;
    const first = await project['project:open']({ path: file }, { client: 'tab-1' });
    expect(first).toMatchObject({ ok: true, value: { readOnly: false } });
    expect(await project['project:last']({})).toEqual({ ok: true, value: { path: file } });

    const second = await project['project:open']({ path: file }, { client: 'tab-2' });
    expect(second).toMatchObject({ ok: true, value: { readOnly: true, heldElsewhere: true } });
    expect(second.ok && second.value.notice).toMatch(/another Soundstage window/);
    const refused = await project['project:save'](
      { path: file, document: created.value.document, autosave: true },
      { client: 'tab-2' },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'project_read_only' } });

    locks.release('tab-1'); // the first tab disconnected
    const again = await project['project:open']({ path: file }, { client: 'tab-2' });
    expect(again).toMatchObject({ ok: true, value: { readOnly: false } });
    expect(await project['project:close']({}, { client: 'tab-2' })).toEqual({
      ok: true,
      value: { closed: true },
    });
    expect(await project['project:last']({})).toEqual({ ok: true, value: { path: null } });
  });

  it("lists only the jobs that carry the project's path", async () => {
    const created = await project['project:create']({ name: 'With jobs' });
    if (!created.ok) throw new Error(created.error.message);
    const job = (id: string, createdAt: number, projectPath?: string): Job => ({
      id,
      request: { type: 'proofread', delivery: 'async', fields: {}, files: {}, label: id },
      stage: 'queued',
      createdAt,
      updatedAt: createdAt,
      attempts: 1,
      files: [],
      ...(projectPath ? { project: projectPath } : {}),
    });
    jobs = [job('a', 1, created.value.path), job('b', 2), job('c', 3, created.value.path)];
    const listed = await project['project:jobs']({ path: created.value.path });
    expect(listed.ok && listed.value.map((j) => j.id)).toEqual(['c', 'a']);
  });
});
