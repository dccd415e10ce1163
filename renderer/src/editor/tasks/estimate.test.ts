import { describe, expect, it } from 'vitest';
import type { AccountServices } from '../../../../shared/api/responses';
import { estimateCharge } from './estimate';

const account = (patch: Partial<AccountServices>): AccountServices => ({
  available_services: [],
  rpm_limit: 60,
  concurrency_limit: 5,
  discount_factor: 1,
  ...patch,
});

describe('estimateCharge', () => {
  it('prices music by its duration with the discount and the balance after', () => {
    const estimate = estimateCharge(
      { type: 'text_to_music', seconds: 30 },
      account({ discount_factor: 0.8, balance: 1 }),
    );
    expect(estimate.amount).toBe(0.24);
    expect(estimate.text).toBe('Estimated charge $0.24 · balance after $0.76');
    expect(estimate.explanation).toMatch(/× 0.8 account price$/);
    expect(estimate.short).toBe(false);
  });
  it('counts a remaining trial call as free, except the dubbing preview', () => {
    const trial = {
      text_to_music: { granted: 2, used: 1, remaining: 1 },
      dubbing: { granted: 1, used: 0, remaining: 1 },
    };
    expect(estimateCharge({ type: 'text_to_music', seconds: 30 }, account({ trial })).text).toBe(
      'Free trial call (1 of 2 left)',
    );
    expect(
      estimateCharge({ type: 'dubbing', seconds: 20, languages: 2 }, account({ trial })).free,
    ).toBe(false);
  });
  it('applies the dubbing rules and warns when the balance is short', () => {
    const estimate = estimateCharge(
      { type: 'dubbing', seconds: 3, languages: 2 },
      account({ balance: 1 }),
    );
    expect(estimate.amount).toBeCloseTo(1.97);
    expect(estimate.short).toBe(true);
    expect(estimate.text).toMatch(/balance too low$/);
  });
  it('works without account facts', () => {
    expect(estimateCharge({ type: 'text_to_sfx', seconds: 4 }).text).toBe('Estimated charge $0.02');
  });
});
