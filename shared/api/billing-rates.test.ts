import { describe, expect, it } from 'vitest';
import { computeCharge, formatUsd, quantizeUsd, RATES_PER_SECOND } from './billing-rates';
import { TASK_TYPES } from './task-types';

describe('RATES_PER_SECOND', () => {
  it('prices every task type, with the published dubbing and proofread rates', () => {
    expect(Object.keys(RATES_PER_SECOND).sort()).toEqual([...TASK_TYPES].sort());
    for (const rate of Object.values(RATES_PER_SECOND)) expect(rate).toBeGreaterThan(0);
    expect(RATES_PER_SECOND.dubbing).toBe(0.197);
    expect(RATES_PER_SECOND.proofread).toBe(0.001);
  });
});

describe('computeCharge', () => {
  it.each([
    ['dubbing 42 s × 3 languages', { type: 'dubbing', seconds: 42, languages: 3 }, 126, 24.822],
    ['dubbing with languages omitted bills three', { type: 'dubbing', seconds: 42 }, 126, 24.822],
    [
      'dubbing 3 s × 1 language hits the 10 s floor',
      { type: 'dubbing', seconds: 3, languages: 1 },
      10,
      1.97,
    ],
    [
      'dubbing 3 s × 4 languages: floor after multiplying',
      { type: 'dubbing', seconds: 3, languages: 4 },
      12,
      2.364,
    ],
    [
      'proofread transcript only counts one',
      { type: 'proofread', seconds: 92.5, languages: 0 },
      92.5,
      0.0925,
    ],
    ['proofread × 2 targets', { type: 'proofread', seconds: 92.5, languages: 2 }, 185, 0.185],
    ['proofread 4 s hits the floor', { type: 'proofread', seconds: 4 }, 10, 0.01],
    [
      'video-analysis 60 s × 2 variants',
      { type: 'video_analysis', seconds: 60, variants: 2 },
      120,
      0.36,
    ],
    [
      'video-analysis floors each brief',
      { type: 'video_analysis', seconds: 4, variants: 3 },
      30,
      0.09,
    ],
    ['text-to-music 60 s', { type: 'text_to_music', seconds: 60 }, 60, 0.6],
    ['text-to-sfx 3 s has no floor', { type: 'text_to_sfx', seconds: 3 }, 3, 0.015],
    ['ducking bills the voice seconds', { type: 'audio_ducking', seconds: 90 }, 90, 0.18],
  ] as const)('%s', (_label, units, billedSeconds, amount) => {
    const charge = computeCharge(units);
    expect(charge.billedSeconds).toBeCloseTo(billedSeconds, 9);
    expect(charge.amount).toBe(amount);
    expect(charge.explanation).toContain(formatUsd(amount));
  });

  it('is linear in variants_num for video-analysis', () => {
    const one = computeCharge({ type: 'video_analysis', seconds: 7, variants: 1 }).amount;
    expect(computeCharge({ type: 'video_analysis', seconds: 7, variants: 5 }).amount).toBe(
      quantizeUsd(one * 5),
    );
  });

  it('bills each music or sound variant in full', () => {
    const one = computeCharge({ type: 'video_to_sound', seconds: 12 });
    const three = computeCharge({ type: 'video_to_sound', seconds: 12, variants: 3 });
    expect(three.amount).toBe(quantizeUsd(one.amount * 3));
    expect(three.explanation).toContain('12 s × 3 variants');
  });

  it('explains the floor and the default languages', () => {
    expect(computeCharge({ type: 'dubbing', seconds: 3, languages: 1 }).explanation).toContain(
      '10 s minimum',
    );
    expect(computeCharge({ type: 'dubbing', seconds: 42 }).explanation).toContain('default');
    expect(computeCharge({ type: 'dubbing', seconds: 5, languages: 2 }).explanation).not.toContain(
      'minimum',
    );
  });
});

describe('money helpers', () => {
  it('quantizes to 0.0001', () => {
    expect(quantizeUsd(1.970006)).toBe(1.97);
    expect(quantizeUsd(0.00015)).toBe(0.0002);
    expect(quantizeUsd(0.1 + 0.2)).toBe(0.3);
  });

  it('formats with two to four decimals', () => {
    expect(formatUsd(0.48)).toBe('$0.48');
    expect(formatUsd(0.197)).toBe('$0.197');
    expect(formatUsd(0.0925)).toBe('$0.0925');
    expect(formatUsd(24)).toBe('$24.00');
    expect(formatUsd(0.01)).toBe('$0.01');
  });
});
