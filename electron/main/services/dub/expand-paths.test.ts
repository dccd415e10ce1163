import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandPaths } from './expand-paths';

/** Real folders on disk: symlink loops, non-media files, duplicates, unreadable paths. */
let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'dub-expand-')));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const allowInside = async (p: string) => {
  const real = await fs.realpath(p).catch(() => null);
  return real && real.startsWith(root) ? real : null;
};

async function touch(relative: string): Promise<string> {
  const file = path.join(root, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, 'x');
  return file;
}

describe('expandPaths', () => {
  it('walks folders, pairs nothing yet, ends symlink loops and lists what it skipped', async () => {
    const a = await touch('batch/a.mp4');
    const b = await touch('batch/sub/b.MOV');
    const script = await touch('batch/es/a.srt');
    const notes = await touch('batch/notes.txt');
    await touch('batch/.hidden.mp4');
    await fs.symlink(path.join(root, 'batch'), path.join(root, 'batch/sub/loop'));

    const out = await expandPaths([path.join(root, 'batch')], { allowRead: allowInside });
    expect(out.videos).toEqual([a, b]);
    expect(out.scripts).toEqual([script]);
    expect(out.skipped).toEqual([
      { path: notes, reason: expect.stringMatching(/Not a video/) },
      { path: path.join(root, 'batch/sub/loop'), reason: expect.stringMatching(/loop/) },
    ]);
  });

  it('lists a file dropped twice, or again inside its dropped folder, once', async () => {
    const a = await touch('clips/a.mp4');
    const out = await expandPaths([a, path.join(root, 'clips'), a], { allowRead: allowInside });
    expect(out.videos).toEqual([a]);
    expect(out.skipped.map((s) => s.reason)).toEqual([
      expect.stringMatching(/Already added/),
      expect.stringMatching(/Already added/),
    ]);
  });

  it('skips paths the app may not read, with what to do', async () => {
    const out = await expandPaths(['/etc/passwd'], { allowRead: allowInside });
    expect(out.videos).toEqual([]);
    expect(out.skipped[0]?.reason).toMatch(/may not read.*Add/);
  });
});
