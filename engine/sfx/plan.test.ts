import { describe, expect, it } from 'vitest';
import { shotTimes } from './compose';
import { createRng } from './dsp/random';
import { planFromPrompt } from './plan';

describe('planFromPrompt', () => {
  it('layers every named sound, first-named first, with intensity words', () => {
    const plan = planFromPrompt('Heavy rain on a tin roof with distant thunder');
    expect(plan.matched).toEqual(['rain', 'thunder']);
    expect(plan.beds.map((layer) => layer.name)).toEqual(['rain', 'thunder']);
    expect(plan.muffled).toBe(true);
  });

  it('reads heavy and gentle prompts', () => {
    expect(planFromPrompt('a huge explosion').intensity).toBe(1.5);
    expect(planFromPrompt('gentle wind').intensity).toBe(0.6);
    expect(planFromPrompt('wind').intensity).toBe(1);
  });

  it('separates one-shots from continuous layers and uses samples where recipes are weak', () => {
    const plan = planFromPrompt('a door slams in a windy house');
    expect(plan.beds.map((layer) => layer.name)).toEqual(['wind']);
    expect(plan.shots.map((layer) => layer.name)).toEqual(['perc_door', 'impact', 'perc_impact1']);
  });

  it('keeps only the most specific kind of footsteps', () => {
    expect(planFromPrompt('footsteps running on gravel').beds.map((layer) => layer.name)).toEqual([
      'gravelSteps',
    ]);
    expect(planFromPrompt('running footsteps').beds.map((layer) => layer.name)).toEqual([
      'running',
    ]);
  });

  it('falls back to a neutral ambience when nothing matches', () => {
    const plan = planFromPrompt('a quokka eating a sandwich');
    expect(plan.matched).toEqual(['fallback']);
    expect(plan.beds.length).toBeGreaterThan(0);
    expect(plan.shots).toEqual([]);
  });

  it('does not match words inside other words', () => {
    expect(planFromPrompt('a seashell collection').matched).toEqual(['fallback']);
  });
});

describe('shotTimes', () => {
  it('repeats a short one-shot through a long sound when nothing else plays', () => {
    const times = shotTimes(10, 1, false, createRng(1));
    expect(times[0]).toBeCloseTo(0.05);
    expect(times.length).toBeGreaterThan(2);
    expect(times.every((t) => t < 10)).toBe(true);
  });

  it('plays a long one-shot once in a short sound', () => {
    expect(shotTimes(3, 3.5, false, createRng(1))).toHaveLength(1);
  });
});
