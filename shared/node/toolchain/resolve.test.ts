import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolPathsFromEnv } from './default-toolchain';
import { identifyTool, Toolchain, ToolUnavailableError } from './resolve';
import { installHintFor } from './tool-catalog';

/**
 * The toolchain on real files and real processes: small shell scripts stand in for ffmpeg copies
 * (they print what ffmpeg prints first), so each source and each way a copy can be unusable is
 * exercised without touching the machine's own tools.
 */
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolchain-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A script called `name` in its own folder that prints `output`; returns its path. */
function script(folder: string, name: string, body: string, mode = 0o755): string {
  const where = join(dir, folder);
  mkdirSync(where, { recursive: true });
  const path = join(where, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, mode);
  return path;
}

function fakeFfmpeg(folder: string, version: string, mode = 0o755): string {
  return script(
    folder,
    'ffmpeg',
    `echo "ffmpeg version ${version} Copyright (c) the FFmpeg developers"`,
    mode,
  );
}

describe('Toolchain.resolve', () => {
  it('takes the set path first, then the bundled copy, then the system one', () => {
    const setting = fakeFfmpeg('order-setting', '1.0-setting');
    const bundled = fakeFfmpeg('order-bundled', '2.0-bundled');
    fakeFfmpeg('order-system', '3.0-system');
    const pathEnv = join(dir, 'order-system');

    const all = new Toolchain({
      overrides: { ffmpeg: setting },
      bundledPaths: { ffmpeg: bundled },
      pathEnv,
    });
    expect(all.resolve('ffmpeg')).toMatchObject({
      source: 'setting',
      path: setting,
      version: '1.0-setting',
    });

    const noSetting = new Toolchain({ bundledPaths: { ffmpeg: bundled }, pathEnv });
    expect(noSetting.resolve('ffmpeg')).toMatchObject({
      source: 'bundled',
      version: '2.0-bundled',
    });

    const systemOnly = new Toolchain({ bundledPaths: { ffmpeg: null }, pathEnv });
    expect(systemOnly.resolve('ffmpeg')).toMatchObject({
      source: 'system',
      path: join(pathEnv, 'ffmpeg'),
      version: '3.0-system',
    });
  });

  it('refuses a set path that is another program, says why, and uses the next copy', () => {
    const bundled = fakeFfmpeg('other-bundled', '2.0-bundled');
    const ffprobeLike = script('other', 'ffmpeg', 'echo "ffprobe version 6.0"');
    for (const wrong of ['/bin/echo', ffprobeLike]) {
      const lines: string[] = [];
      const chain = new Toolchain({
        overrides: { ffmpeg: wrong },
        bundledPaths: { ffmpeg: bundled },
        pathEnv: '',
        log: (line) => lines.push(line),
      });
      const resolved = chain.resolve('ffmpeg');
      expect(resolved).toMatchObject({ source: 'bundled', path: bundled });
      expect(resolved.problems).toEqual([
        expect.objectContaining({ source: 'setting', path: wrong }),
      ]);
      expect(resolved.problems[0]!.message).toContain(wrong);
      expect(resolved.problems[0]!.message).toContain('does not identify itself as ffmpeg');
      expect(resolved.problems[0]!.message).toContain('Correct or clear it in Settings');
      expect(lines).toEqual([`toolchain: ${resolved.problems[0]!.message}`]);
    }
    expect(identifyTool('ffmpeg', '/bin/echo')).toEqual({
      ok: false,
      reason: 'it does not identify itself as ffmpeg',
    });
  });

  it('sets the exec bit of a bundled copy that lacks it', () => {
    const bundled = fakeFfmpeg('no-exec', '2.0-bundled', 0o644);
    const resolved = new Toolchain({ bundledPaths: { ffmpeg: bundled }, pathEnv: '' }).resolve(
      'ffmpeg',
    );
    expect(resolved).toMatchObject({ source: 'bundled', path: bundled, problems: [] });
    expect(statSync(bundled).mode & 0o111).toBe(0o111);
  });

  it('reports a bundled copy that cannot run, with its path and the fix, and uses the system copy', () => {
    const garbage = join(dir, 'garbage', 'ffmpeg');
    mkdirSync(join(dir, 'garbage'), { recursive: true });
    // Not a program for this machine: no ELF header and no #! line.
    writeFileSync(
      garbage,
      Buffer.from([0x7f, 0x00, 0x13, 0x37, 0xde, 0xad, 0xbe, 0xef, 0x01, 0x02]),
    );
    chmodSync(garbage, 0o755);
    const killed = script('killed', 'ffmpeg', 'kill -SEGV $$');
    fakeFfmpeg('fallback-system', '3.0-system');
    const pathEnv = join(dir, 'fallback-system');

    for (const [bundled, reason] of [
      [garbage, /cannot be used: it /],
      [killed, /stopped by SIGSEGV/],
    ] as const) {
      const resolved = new Toolchain({ bundledPaths: { ffmpeg: bundled }, pathEnv }).resolve(
        'ffmpeg',
      );
      expect(resolved).toMatchObject({ source: 'system', version: '3.0-system' });
      expect(resolved.problems).toHaveLength(1);
      const { message } = resolved.problems[0]!;
      expect(message).toContain(`The bundled ffmpeg (${bundled})`);
      expect(message).toMatch(reason);
      expect(message).toContain('Reinstall Soundstage');
    }
  });

  it('throws a message naming the tool and how to install it when nothing can run', () => {
    const chain = new Toolchain({
      overrides: { ffmpeg: join(dir, 'nowhere', 'ffmpeg') },
      bundledPaths: { ffmpeg: null },
      pathEnv: join(dir, 'empty-path'),
    });
    expect(chain.has('ffmpeg')).toBe(false);
    let thrown: unknown;
    try {
      chain.path('ffmpeg');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolUnavailableError);
    const message = (thrown as Error).message;
    expect(message).toContain('FFmpeg (ffmpeg) is not available on this machine.');
    expect(message).toContain('there is no file there');
    expect(message).toContain(installHintFor('ffmpeg')!);
    expect(message).toContain('set its path in Settings');
  });
});

describe('toolPathsFromEnv', () => {
  it('keeps tool names with a path and ignores everything else', () => {
    expect(toolPathsFromEnv(undefined)).toEqual({});
    expect(toolPathsFromEnv('')).toEqual({});
    expect(toolPathsFromEnv('not json')).toEqual({});
    expect(toolPathsFromEnv('null')).toEqual({});
    expect(toolPathsFromEnv('"ffmpeg"')).toEqual({});
    expect(toolPathsFromEnv('["/usr/bin/ffmpeg"]')).toEqual({});
    expect(
      toolPathsFromEnv(
        JSON.stringify({
          ffmpeg: '/opt/ffmpeg/bin/ffmpeg',
          ffprobe: '',
          sox: 3,
          'not-a-tool': '/bin/sh',
          apertium: null,
        }),
      ),
    ).toEqual({ ffmpeg: '/opt/ffmpeg/bin/ffmpeg' });
  });
});
