import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  NEW_BATCH_SETTINGS,
  PROJECT_FORMAT,
  PROJECT_VERSION,
  type ProjectDocument,
} from '../../../../shared/domain/project/document';
import { migrateProject } from './migrations';
import { journalPathOf } from './project-files';
import { ProjectStore } from './project-store';
import { RECENT_LIMIT } from './recent-projects';

/** ProjectStore on a real folder: files, journals and the recent list as they land on disk. */
let base: string;
let projectFolder: string;
let userData: string;
let clock: number;

function store(): ProjectStore {
  return new ProjectStore({
    userDataDir: userData,
    projectFolder: () => projectFolder,
    now: () => clock,
  });
}

function withScore(document: ProjectDocument, playheadMs: number): ProjectDocument {
  return {
    ...document,
    score: {
      lanes: { music: [{ id: 's1', startMs: 0, endMs: 4000, prompt: 'calm piano' }], sfx: [] },
      takes: [],
      activeTakes: {},
      mix: {
        source: { gainDb: 0, muted: false, solo: false },
        music: { gainDb: -3, muted: false, solo: false },
        sfx: { gainDb: 0, muted: false, solo: false },
        audio: { gainDb: 0, muted: false, solo: false },
        duck: { enabled: true, depthDb: 12 },
      },
      shotThreshold: 0.3,
      loudness: 'streaming',
      view: { playheadMs, pxPerSecond: 40 },
    },
  };
}

/** Puts a project file's modification time a minute back, so its journal is clearly newer. */
async function ageFile(file: string): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  await fs.utimes(file, past, past);
}

const readJson = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8')) as unknown;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'project-store-')));
  projectFolder = path.join(base, 'Soundstage');
  userData = path.join(base, 'user-data');
  clock = 1_700_000_000_000;
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('ProjectStore', () => {
  it('creates, saves atomically and reopens a project', async () => {
    const created = await store().create('Trailer: cut 1');
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.value.path).toBe(path.join(projectFolder, 'Trailer- cut 1.soundstage'));
    const again = await store().create('Trailer: cut 1');
    expect(again.ok && path.basename(again.value.path)).toBe('Trailer- cut 1 2.soundstage');

    clock += 1000;
    const edited = withScore(created.value.document, 1234);
    expect(await store().save(created.value.path, edited, false)).toEqual({
      ok: true,
      value: { savedAt: clock },
    });
    // Only the project file: the temp file of the atomic write was renamed over it.
    expect((await fs.readdir(projectFolder)).sort()).toEqual([
      'Trailer- cut 1 2.soundstage',
      'Trailer- cut 1.soundstage',
    ]);
    expect(await readJson(created.value.path)).toEqual({ ...edited, updatedAt: clock });
    const opened = await store().open(created.value.path);
    expect(opened).toMatchObject({ ok: true, value: { readOnly: false } });
    expect(opened.ok && opened.value.document?.score?.view.playheadMs).toBe(1234);
  });

  it('autosaves to a journal, offers it after a crash, and restores it on accept', async () => {
    const created = await store().create('Teaser');
    if (!created.ok) throw new Error(created.error.message);
    const file = created.value.path;
    clock += 5000;
    const unsaved = withScore(created.value.document, 9000);
    expect((await store().save(file, unsaved, true)).ok).toBe(true);
    // The project file itself is untouched by an autosave.
    expect(await readJson(file)).toEqual(created.value.document);
    await ageFile(file);

    // A new store is a new launch.
    const offered = await store().restorable();
    expect(offered).toEqual([{ path: file, name: 'Teaser', savedAt: clock }]);
    clock += 1000;
    const restored = await store().restore(file, true);
    expect(restored.ok && restored.value.document?.score?.view.playheadMs).toBe(9000);
    expect((await readJson(file)) as ProjectDocument).toMatchObject({
      score: { view: { playheadMs: 9000 } },
      updatedAt: clock,
    });
    await expect(fs.stat(journalPathOf(file))).rejects.toThrow();
    expect(await store().restorable()).toEqual([]);
  });

  it('removes the journal on decline, and on an explicit save', async () => {
    const created = await store().create('Promo');
    if (!created.ok) throw new Error(created.error.message);
    const file = created.value.path;
    const later = withScore(created.value.document, 500);
    await store().save(file, later, true);
    await ageFile(file);
    expect(await store().restorable()).toHaveLength(1);
    expect(await store().restore(file, false)).toEqual({ ok: true, value: { document: null } });
    expect(await readJson(file)).toEqual(created.value.document);
    expect(await store().restorable()).toEqual([]);

    await store().save(file, later, true);
    await store().save(file, later, false);
    await expect(fs.stat(journalPathOf(file))).rejects.toThrow();
  });

  it('opens a file from a newer version read-only and never overwrites it', async () => {
    await fs.mkdir(projectFolder, { recursive: true });
    const file = path.join(projectFolder, 'Future.soundstage');
    const future = `${JSON.stringify({ format: PROJECT_FORMAT, version: PROJECT_VERSION + 1, id: 'x', name: 'Future', layers: [] })}\n`;
    await fs.writeFile(file, future);
    const opened = await store().open(file);
    expect(opened).toMatchObject({ ok: true, value: { readOnly: true, document: null } });
    expect(opened.ok && opened.value.notice).toMatch(/newer version of Soundstage.*read-only/);

    const created = await store().create('Other');
    if (!created.ok) throw new Error(created.error.message);
    for (const autosave of [false, true]) {
      expect(await store().save(file, created.value.document, autosave)).toMatchObject({
        ok: false,
        error: { code: 'project_read_only' },
      });
    }
    expect(await fs.readFile(file, 'utf8')).toBe(future);
  });

  it('opens a corrupted file read-only with a notice and never overwrites it', async () => {
    await fs.mkdir(projectFolder, { recursive: true });
    for (const [name, text] of [
      ['Torn.soundstage', '{"format":"soundstage-project","vers'],
      ['Wrong.soundstage', JSON.stringify({ format: PROJECT_FORMAT, version: 1, name: 7 })],
    ] as const) {
      const file = path.join(projectFolder, name);
      await fs.writeFile(file, text);
      const opened = await store().open(file);
      expect(opened).toMatchObject({ ok: true, value: { readOnly: true, document: null } });
      expect(opened.ok && opened.value.notice).toMatch(/damaged.*read-only/);
      const created = await store().create('Replacement');
      if (!created.ok) throw new Error(created.error.message);
      expect(await store().save(file, created.value.document, false)).toMatchObject({
        ok: false,
        error: { code: 'project_read_only' },
      });
      expect(await fs.readFile(file, 'utf8')).toBe(text);
    }
  });

  it('keeps the 16 most recent projects, newest first, one entry per file', async () => {
    const paths: string[] = [];
    for (let i = 0; i < RECENT_LIMIT + 4; i++) {
      clock += 1000;
      const created = await store().create(`Project ${i}`);
      if (!created.ok) throw new Error(created.error.message);
      paths.push(created.value.path);
    }
    clock += 1000;
    await store().open(paths[5]!);
    const recent = await store().recent();
    expect(recent).toHaveLength(RECENT_LIMIT);
    expect(recent[0]).toEqual({ path: paths[5], name: 'Project 5', savedAt: clock });
    // Before the open the list held projects 19 … 4; project 5 moved to the front.
    const before = Array.from(
      { length: RECENT_LIMIT },
      (_, i) => `Project ${RECENT_LIMIT + 3 - i}`,
    );
    expect(recent.slice(1).map((r) => r.name)).toEqual(before.filter((n) => n !== 'Project 5'));
    await fs.rm(paths[5]!);
    expect((await store().recent()).map((r) => r.path)).not.toContain(paths[5]);
  });

  it('refuses paths that are not project files', async () => {
    expect(await store().open(path.join(base, 'notes.txt'))).toMatchObject({
      ok: false,
      error: { code: 'not_a_project' },
    });
  });
});

describe('project migrations', () => {
  it('lifts an old document step by step through the table, then checks the schema', () => {
    const v1 = { format: PROJECT_FORMAT, version: 1, id: 'a', title: 'Old' };
    const setup = {
      migrations: {
        1: ({ title, ...rest }: Record<string, unknown>) => ({ ...rest, name: title }),
        2: (raw: Record<string, unknown>) => ({ ...raw, tags: [] }),
      },
      currentVersion: 3,
      schema: z.object({ version: z.literal(3), name: z.string(), tags: z.array(z.string()) }),
    };
    expect(migrateProject(v1, setup)).toEqual({
      state: 'ok',
      document: { version: 3, name: 'Old', tags: [] },
      migratedFrom: 1,
    });
    expect(migrateProject(v1, { ...setup, migrations: { 1: setup.migrations[1] } })).toEqual({
      state: 'corrupt',
      reason: 'no migration from format 2',
    });
    expect(migrateProject({ ...v1, version: 4 }, setup)).toEqual({ state: 'newer', version: 4 });
    expect(migrateProject({ ...v1, format: 'other' }, setup)).toMatchObject({ state: 'corrupt' });
  });

  it('reads the current format as is', () => {
    const doc = {
      format: PROJECT_FORMAT,
      version: PROJECT_VERSION,
      id: 'a',
      name: 'A',
      createdAt: 1,
      updatedAt: 2,
    };
    expect(migrateProject(doc)).toEqual({ state: 'ok', document: doc, migratedFrom: null });
  });
});

describe('ProjectStore: kinds, reopening and recovery', () => {
  it('starts the chosen kind on its video and remembers the last open project', async () => {
    const created = await store().create('Clip', { kind: 'subtitles', media: '/videos/clip.mp4' });
    if (!created.ok) throw new Error(created.error.message);
    const onDisk = (await readJson(created.value.path)) as ProjectDocument;
    expect(onDisk).toMatchObject({
      kind: 'subtitles',
      media: { path: '/videos/clip.mp4' },
      subtitles: { video: { path: '/videos/clip.mp4' }, languages: {} },
    });
    expect(await store().last.get()).toBeNull();
    await store().last.set(created.value.path);
    expect(await store().last.get()).toBe(created.value.path);
    await store().last.set(null);
    expect(await store().last.get()).toBeNull();
  });

  it('reopens from the autosave journal when asked, the file otherwise', async () => {
    const created = await store().create('Edited');
    if (!created.ok) throw new Error(created.error.message);
    const file = created.value.path;
    await store().save(file, withScore(created.value.document, 777), true);
    await ageFile(file);
    const plain = await store().open(file);
    expect(plain.ok && plain.value.document?.score).toBeUndefined();
    const reopened = await store().open(file, { journal: true });
    expect(reopened.ok && reopened.value.fromJournal).toBe(true);
    expect(reopened.ok && reopened.value.document?.score?.view.playheadMs).toBe(777);
  });

  it('keeps edits in a recovery file when the folder cannot be written, and offers them', async () => {
    const created = await store().create('Locked');
    if (!created.ok) throw new Error(created.error.message);
    const file = created.value.path;
    // A folder where the journal goes makes every write fail, even as root (where a read-only
    // mode would not stop it): the same path through the code as a read-only folder.
    await fs.mkdir(path.join(journalPathOf(file), 'blocker'), { recursive: true });
    try {
      clock += 1000;
      const saved = await store().save(file, withScore(created.value.document, 4242), true);
      expect(saved).toMatchObject({ ok: false, error: { code: 'project_not_saved' } });
      expect(!saved.ok && saved.error.message).toMatch(/recovery file/);
      const recoveryFiles = await fs.readdir(path.join(userData, 'recovery'));
      expect(recoveryFiles).toHaveLength(1);
      const opened = await store().open(file);
      expect(opened.ok && opened.value.recovered?.document.score?.view.playheadMs).toBe(4242);
    } finally {
      await fs.rm(journalPathOf(file), { recursive: true, force: true });
    }
    // Once the folder is writable again a save succeeds and the recovery file goes.
    expect((await store().save(file, created.value.document, true)).ok).toBe(true);
    expect(await fs.readdir(path.join(userData, 'recovery'))).toEqual([]);
    const declined = await store().open(file);
    expect(declined.ok && declined.value.recovered).toBeUndefined();
  });
});

describe('ProjectStore: a new Dub project', () => {
  it('starts its batch on the video with the settings every new batch has', async () => {
    const created = await store().create('Batch', { kind: 'dub', media: '/videos/a.mp4' });
    if (!created.ok) throw new Error(created.error.message);
    expect(created.value.document.dub).toEqual({
      videos: [{ path: '/videos/a.mp4' }],
      scripts: [],
      settings: { languages: ['es', 'fr'], ducking: true, lipsync: false, exportSrt: true },
      runs: {},
    });
    expect(created.value.document.dub?.settings).toEqual(NEW_BATCH_SETTINGS);
  });
});

describe('ProjectStore: main owns the dub runs', () => {
  it('keeps every run main patched in, whatever older copy a window saves', async () => {
    const projects = store();
    const created = await projects.create('Batch', { kind: 'dub', media: '/videos/a.mp4' });
    if (!created.ok) throw new Error(created.error.message);
    const file = created.value.path;
    const stale = created.value.document;
    const addRun = (key: string, job: string) =>
      projects.patch(file, (document) => ({
        ...document,
        dub: { ...document.dub!, runs: { ...document.dub!.runs, [key]: job } },
      }));
    expect((await addRun('a.mp4#dub+es', 'job-1')).ok).toBe(true);

    // A window that never saw the run saves (file, then journal): the run stays.
    for (const autosave of [false, true]) {
      const saved = await projects.save(file, stale, autosave);
      expect(saved.ok).toBe(true);
    }
    expect(((await readJson(file)) as ProjectDocument).dub?.runs).toEqual({
      'a.mp4#dub+es': 'job-1',
    });
    const reopened = await projects.open(file, { journal: true });
    if (!reopened.ok) throw new Error(reopened.error.message);
    expect(reopened.value.document?.dub?.runs).toEqual({ 'a.mp4#dub+es': 'job-1' });

    // A save and a patch at the same moment: one after the other, so neither loses the other's.
    const edited = { ...stale, name: 'Batch, renamed' };
    await Promise.all([projects.save(file, edited, false), addRun('a.mp4#dub+fr', 'job-2')]);
    const after = (await readJson(file)) as ProjectDocument;
    expect(after.name).toBe('Batch, renamed');
    expect(after.dub?.runs).toEqual({ 'a.mp4#dub+es': 'job-1', 'a.mp4#dub+fr': 'job-2' });
  });
});
