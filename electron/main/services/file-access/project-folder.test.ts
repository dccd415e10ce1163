import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareProjectFolder, projectFolderProblem } from './project-folder';

let base: string;
let context: { homeDir: string; userDataDir: string };
beforeAll(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'project-folder-')));
  context = {
    homeDir: path.join(base, 'home'),
    userDataDir: path.join(base, 'home', '.config', 'Soundstage'),
  };
  await fs.mkdir(context.userDataDir, { recursive: true });
  await fs.writeFile(path.join(base, 'home', 'a-file'), 'x');
  await fs.symlink('/etc', path.join(base, 'home', 'etc-link'));
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('the project folder rule', () => {
  it.each([
    ['relative/folder', /full \(absolute\) path/],
    ['/', /top of the disk/],
    ['/etc', /System folders/],
    ['/etc/soundstage', /System folders/],
    ['/usr/local/share/x', /System folders/],
    ['/proc/self', /System folders/],
    ['/sys', /System folders/],
    ['/dev', /System folders/],
    ['/bin', /System folders/],
    ['/var', /shared by the whole system/],
    ['/opt', /shared by the whole system/],
    // (this test's home folder lives under /tmp, so /tmp is refused as its parent)
    ['/tmp', /shared by the whole system|contains your home folder/],
  ])('refuses %s', (folder, message) => {
    expect(projectFolderProblem(folder, context)).toMatch(message);
  });

  it("refuses the home folder itself, a folder above it, and one holding the app's data", () => {
    expect(projectFolderProblem(context.homeDir, context)).toMatch(/home folder itself/);
    expect(projectFolderProblem(`${context.homeDir}/`, context)).toMatch(/home folder itself/);
    expect(projectFolderProblem(base, context)).toMatch(/contains your home folder/);
    expect(projectFolderProblem(path.join(context.homeDir, '.config'), context)).toMatch(
      /app's own data/,
    );
  });

  it("refuses the home's hidden folders, the app's own folders and other users' folders", () => {
    for (const hidden of ['.ssh', '.config/other-app', '.local/share/x'])
      expect(projectFolderProblem(path.join(context.homeDir, hidden), context), hidden).toMatch(
        /Hidden folders|app's own data/,
      );
    expect(projectFolderProblem(path.join(context.userDataDir, 'projects'), context)).toMatch(
      /app's own data/,
    );
    const withApp = { ...context, appDir: path.join(context.homeDir, 'Apps', 'Soundstage') };
    expect(projectFolderProblem(path.join(withApp.appDir, 'resources'), withApp)).toMatch(
      /installed/,
    );
    expect(projectFolderProblem(path.join(context.homeDir, 'Apps'), withApp)).toMatch(/installed/);
    for (const other of ['/home/someone-else/Music', '/Users/someone-else/Movies'])
      expect(projectFolderProblem(other, context), other).toMatch(/another user/);
    // Visible folders of one's own home are still fine.
    expect(projectFolderProblem(path.join(context.homeDir, 'Videos', 'cuts'), context)).toBeNull();
  });

  it('accepts a folder inside the home folder, creating it', async () => {
    const wanted = path.join(context.homeDir, 'Music', 'Soundstage');
    expect(await prepareProjectFolder(`  ${wanted} `, context)).toEqual({
      ok: true,
      value: wanted,
    });
    expect((await fs.stat(wanted)).isDirectory()).toBe(true);
  });

  it('refuses a link to a system folder, a path under a file, and a folder it cannot create', async () => {
    // Refused as a system folder whoever runs this: root could write to /etc, a normal user
    // could not, and neither is the reason given.
    expect(
      await prepareProjectFolder(path.join(context.homeDir, 'etc-link'), context),
    ).toMatchObject({
      ok: false,
      error: { field: 'projectFolder', message: expect.stringMatching(/System folders/) },
    });
    const throughLink = `soundstage-project-folder-test-${process.pid}`;
    expect(
      await prepareProjectFolder(path.join(context.homeDir, 'etc-link', throughLink), context),
    ).toMatchObject({
      ok: false,
      error: { field: 'projectFolder', message: expect.stringMatching(/System folders/) },
    });
    // Nothing was created in the system folder before the refusal.
    expect(await fs.stat(path.join('/etc', throughLink)).catch(() => null)).toBeNull();
    expect(
      await prepareProjectFolder(path.join(context.homeDir, 'a-file', 'sub'), context),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/cannot be created/) } });
    expect(await prepareProjectFolder(path.join(context.homeDir, 'a-file'), context)).toMatchObject(
      {
        ok: false,
        error: { message: expect.stringMatching(/file, not a folder/) },
      },
    );
  });
});
