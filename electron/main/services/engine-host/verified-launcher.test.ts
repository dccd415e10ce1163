import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildProcessEngineLauncher } from './child-process-launcher';
import type { EngineLaunchArgs } from './engine-launcher';
import { sha256OfFile, unpackedPath, VerifiedEngineLauncher } from './verified-launcher';

const appRoot = path.resolve(import.meta.dirname, '../../../..');
let dir: string;
let script: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verified-engine-'));
  script = path.join(dir, 'cli.mjs');
  await fs.writeFile(script, 'console.log("engine");\n');
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const args = (): EngineLaunchArgs => ({
  dataDir: path.join(dir, 'data'),
  key: 'sk_local_1',
  port: 0,
});

describe('VerifiedEngineLauncher', () => {
  it('maps a path inside app.asar to the unpacked copy, and leaves other paths alone', () => {
    expect(unpackedPath('/opt/Soundstage/resources/app.asar/out/engine')).toBe(
      '/opt/Soundstage/resources/app.asar.unpacked/out/engine',
    );
    expect(unpackedPath('C:\\S\\resources\\app.asar\\out\\engine')).toBe(
      'C:\\S\\resources\\app.asar.unpacked\\out\\engine',
    );
    expect(unpackedPath('/work/app.asarx/out')).toBe('/work/app.asarx/out');
    expect(unpackedPath('/work/soundstage/out/engine')).toBe('/work/soundstage/out/engine');
  });

  it('refuses to start an engine script whose hash changed, without launching anything', async () => {
    const launches: EngineLaunchArgs[] = [];
    const inner = {
      launch: (a: EngineLaunchArgs) => {
        launches.push(a);
        return new ChildProcessEngineLauncher({ appRoot, prefer: 'source' }).launch(a);
      },
    };
    const expected = await sha256OfFile(script);
    await fs.appendFile(script, 'process.env.STOLEN = "yes";\n');
    const process = new VerifiedEngineLauncher(inner, script, expected).launch(args());
    expect(await process.ready).toEqual({
      ok: false,
      message: expect.stringMatching(/changed after installation.*Reinstall/),
    });
    let exited = false;
    process.onExit(() => (exited = true));
    await process.stop();
    await new Promise((r) => setTimeout(r, 0));
    expect(exited).toBe(true);
    expect(launches).toEqual([]);
    const missing = new VerifiedEngineLauncher(inner, path.join(dir, 'gone.mjs'), expected);
    expect(await missing.launch(args()).ready).toMatchObject({ ok: false });
  });

  it('starts the real engine when the script matches', async () => {
    const inner = new ChildProcessEngineLauncher({ appRoot, prefer: 'source' });
    const process = new VerifiedEngineLauncher(inner, script, await sha256OfFile(script)).launch(
      args(),
    );
    const ready = await process.ready;
    expect(ready).toMatchObject({
      ok: true,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/),
    });
    const stopped = new Promise((resolve) => process.onExit(resolve));
    await process.stop();
    await stopped;
  });
});
