import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installHintFor } from './tool-catalog';
import { Toolchain } from './resolve';
import { runTool, spawnTool, type SpawnTool } from './run';

/**
 * runTool on real processes: a shell script stands in for ffmpeg (it identifies itself as ffmpeg,
 * then does what the test needs), started through a Toolchain that knows only that copy.
 */
const dir = mkdtempSync(join(tmpdir(), 'toolchain-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function toolchainWith(body: string): SpawnTool {
  const path = join(dir, `ffmpeg-${Math.random().toString(36).slice(2)}`);
  writeFileSync(
    path,
    `#!/bin/sh\nif [ "$2" = "-version" ]; then echo "ffmpeg version 9.9"; exit 0; fi\n${body}\n`,
  );
  chmodSync(path, 0o755);
  const toolchain = new Toolchain({ overrides: { ffmpeg: path }, bundledPaths: {}, pathEnv: '' });
  return (name, args) => spawnTool(name, args, { toolchain });
}

describe('runTool', () => {
  it('answers unavailable with the toolchain message when no copy can run', async () => {
    const nothing = new Toolchain({ bundledPaths: { ffmpeg: null }, pathEnv: join(dir, 'none') });
    const run = await runTool('ffmpeg', ['-i', 'x'], {
      spawn: (name, args) => spawnTool(name, args, { toolchain: nothing }),
    });
    expect(run).toMatchObject({ code: null, unavailable: true, aborted: false });
    expect(run.stderr).toContain('FFmpeg (ffmpeg) is not available on this machine.');
    expect(run.stderr).toContain(installHintFor('ffmpeg')!);
  });

  it('passes stdin through and returns stdout, stderr and the exit code', async () => {
    const lines: string[] = [];
    const run = await runTool('ffmpeg', [], {
      spawn: toolchainWith('cat; echo "out_time_ms=5" ; echo "bad input" >&2; exit 3'),
      stdin: Buffer.from('frame=1\n'),
      onStdoutLine: (line) => lines.push(line),
    });
    expect(run).toMatchObject({ code: 3, aborted: false, unavailable: false });
    expect(run.stdout.toString('utf8')).toBe('frame=1\nout_time_ms=5\n');
    expect(lines).toEqual(['frame=1', 'out_time_ms=5']);
    expect(run.stderr.trim()).toBe('bad input');
  });

  it('stops a tool that ignores SIGTERM once the grace period is over', async () => {
    const controller = new AbortController();
    const running = runTool('ffmpeg', [], {
      spawn: toolchainWith(`trap '' TERM; echo started; while :; do sleep 1; done`),
      signal: controller.signal,
      killGraceMs: 200,
      onStdoutLine: () => controller.abort(),
    });
    const run = await running;
    expect(run).toMatchObject({ code: null, aborted: true });
  });
});
