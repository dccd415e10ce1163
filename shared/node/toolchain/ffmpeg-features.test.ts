import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REQUIRED_FFMPEG_ENCODERS, REQUIRED_FFMPEG_FILTERS } from './ffmpeg-features';
import { bundledToolPath, identifyTool } from './resolve';

/**
 * The ffmpeg bundled from npm (an old 2018 build) is what runs by default, so it must have every
 * filter and encoder the app's arguments name (docs/decisions/071-bundled-ffmpeg.md).
 */
const bundled = bundledToolPath('ffmpeg', process.platform, process.arch);

/** The names in the second column of `ffmpeg -filters` / `-encoders` (after the flag column). */
function listed(flag: '-filters' | '-encoders'): Set<string> {
  const run = spawnSync(bundled!, ['-hide_banner', flag], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return new Set(
    run.stdout
      .split('\n')
      .map((line) => /^\s*[A-Z.|]{3,6}\s+(\S+)\s/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );
}

describe.skipIf(bundled === null)('the bundled ffmpeg', () => {
  it('identifies itself (after the toolchain sets its exec bit)', () => {
    expect(identifyTool('ffmpeg', bundled!, { makeExecutable: true })).toMatchObject({ ok: true });
  });

  it('has every filter the app uses', () => {
    const filters = listed('-filters');
    expect(filters.size).toBeGreaterThan(100);
    expect(REQUIRED_FFMPEG_FILTERS.filter((name) => !filters.has(name))).toEqual([]);
    // Shot detection is select on the scene score because this build has no scdet.
    expect(filters.has('scdet')).toBe(false);
  });

  it('has every encoder the app uses', () => {
    const encoders = listed('-encoders');
    expect(encoders.size).toBeGreaterThan(50);
    expect(REQUIRED_FFMPEG_ENCODERS.filter((name) => !encoders.has(name))).toEqual([]);
  });
});
