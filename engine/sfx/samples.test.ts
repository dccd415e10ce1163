import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from './catalog';
import { rms } from './dsp/buffer';
import { loadSample, SAMPLE_SUBSTITUTES, sampleSource, SAMPLES_DIR_ENV } from './samples';

const sampleNames = [
  ...new Set(
    CATALOG.flatMap((entry) => entry.layers)
      .filter((layer) => layer.kind === 'sample' || layer.kind === 'sampleBed')
      .map((layer) => layer.name),
  ),
];

describe('samples without the sonic-pi folder', () => {
  const saved = process.env[SAMPLES_DIR_ENV];
  beforeAll(() => {
    process.env[SAMPLES_DIR_ENV] = join(tmpdir(), 'soundstage-no-samples-here');
  });
  afterAll(() => {
    if (saved === undefined) delete process.env[SAMPLES_DIR_ENV];
    else process.env[SAMPLES_DIR_ENV] = saved;
  });

  it('has a synthesised stand-in for every sample the catalog names', () => {
    expect(sampleNames.length).toBeGreaterThan(10);
    expect(sampleNames.filter((name) => !SAMPLE_SUBSTITUTES[name])).toEqual([]);
    expect(sampleSource()).toBe('synthesised');
  });

  it.each(sampleNames)('%s loads as audible, finite stereo audio', async (name) => {
    const audio = await loadSample(name);
    expect(audio).not.toBeNull();
    const [left, right] = audio!;
    expect(left.length).toBe(right.length);
    expect(left.length / 44100).toBeGreaterThan(0.2);
    const level = rms(audio!);
    expect(Number.isFinite(level)).toBe(true);
    expect(level).toBeGreaterThan(0.01);
    // The same name always gives the same sound (requests are reproducible).
    expect((await loadSample(name))![0]).toEqual(left);
  });
});
