import { describe, expect, it } from 'vitest';
import { parseTaskRequest, type TaskRequest } from '../../api/requests/registry';
import type { TaskType } from '../../api/task-types';
import { balanceAfter, estimateBatch, estimateCharge } from './estimate';
import { billingUnitsForRequest } from './request-units';

describe('estimateCharge', () => {
  it('charges the rules when no trial is left', () => {
    expect(estimateCharge({ type: 'dubbing', seconds: 42, languages: 3 })).toEqual({
      amount: 24.822,
      currency: 'USD',
      trialUsed: false,
      explanation: '42 s × 3 languages = 126 s at $0.197/s = $24.822.',
    });
  });

  it('applies the discount factor', () => {
    const estimate = estimateCharge(
      { type: 'text_to_music', seconds: 60 },
      { discount_factor: 0.8 },
    );
    expect(estimate.amount).toBe(0.48);
    expect(estimate.explanation).toContain('discount factor 0.8');
  });

  it('makes a call with a free trial left cost nothing, and says so', () => {
    const estimate = estimateCharge(
      { type: 'proofread', seconds: 120, languages: 2 },
      { discount_factor: 1, trial: { proofread: { remaining: 1 } } },
    );
    expect(estimate.amount).toBe(0);
    expect(estimate.trialUsed).toBe(true);
    expect(estimate.explanation).toMatch(
      /^Free trial call: 1 left, so no charge\. Without it: .*\$0\.24\.$/,
    );
  });

  it.each([
    ['a spent trial', { trial: { proofread: { remaining: 0 } } }],
    ['a trial for another service only', { trial: { text_to_music: { remaining: 2 } } }],
    ['no trial object', {}],
  ])('charges with %s', (_label, account) => {
    const estimate = estimateCharge({ type: 'proofread', seconds: 120, languages: 2 }, account);
    expect(estimate).toMatchObject({ amount: 0.24, trialUsed: false });
  });

  it('gives a dubbing trial only to a single-language request without scripts', () => {
    const account = { trial: { dubbing: { remaining: 1 } } };
    expect(estimateCharge({ type: 'dubbing', seconds: 60, languages: 1 }, account)).toMatchObject({
      amount: 0,
      trialUsed: true,
    });
    expect(
      estimateCharge({ type: 'dubbing', seconds: 60, languages: 1 }, account).explanation,
    ).toContain('15 s');
    expect(estimateCharge({ type: 'dubbing', seconds: 60, languages: 2 }, account).trialUsed).toBe(
      false,
    );
    expect(estimateCharge({ type: 'dubbing', seconds: 60 }, account).trialUsed).toBe(false);
    expect(
      estimateCharge({ type: 'dubbing', seconds: 60, languages: 1, scripts: true }, account)
        .trialUsed,
    ).toBe(false);
  });
});

describe('estimateBatch', () => {
  it('spends each remaining free call once, in order', () => {
    const call = { type: 'proofread', seconds: 100 } as const;
    const batch = estimateBatch([call, call, call, { type: 'text_to_sfx', seconds: 4 }], {
      trial: { proofread: { remaining: 2 } },
      discount_factor: 0.5,
    });
    expect(batch.items.map((item) => item.trialUsed)).toEqual([true, true, false, false]);
    expect(batch.items.map((item) => item.amount)).toEqual([0, 0, 0.05, 0.01]);
    expect(batch.total).toBe(0.06);
  });

  it('leaves the account it was given untouched', () => {
    const account = { trial: { proofread: { remaining: 1 } } };
    estimateBatch([{ type: 'proofread', seconds: 10 }], account);
    expect(account.trial.proofread.remaining).toBe(1);
  });
});

describe('balanceAfter', () => {
  it('subtracts the charge and says whether the balance covers it', () => {
    expect(balanceAfter(1, 0.48)).toEqual({ balance: 0.52, sufficient: true });
    expect(balanceAfter(0.1, 0.432)).toEqual({ balance: -0.332, sufficient: false });
    expect(balanceAfter(0.48, 0.48)).toEqual({ balance: 0, sufficient: true });
    expect(balanceAfter(undefined, 0.48)).toBeNull();
  });
});

describe('billingUnitsForRequest', () => {
  function parsed<T extends TaskType>(type: T, input: unknown): TaskRequest<T> {
    const result = parseTaskRequest(type, input);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.value;
  }

  it('bills the requested duration of text requests without media', () => {
    expect(
      billingUnitsForRequest(
        'text_to_music',
        parsed('text_to_music', { prompt: 'x', duration: 45 }),
      ),
    ).toEqual({
      type: 'text_to_music',
      seconds: 45,
    });
    expect(
      billingUnitsForRequest('text_to_sfx', parsed('text_to_sfx', { prompt: 'x', duration: 3 })),
    ).toEqual({
      type: 'text_to_sfx',
      seconds: 3,
    });
  });

  it('reads languages, scripts and variants from the request', () => {
    const dub = parsed('dubbing', {
      video: '/a.mp4',
      languages: ['es'],
      subtitles: { es: { file: '/es.srt' } },
    });
    expect(billingUnitsForRequest('dubbing', dub, 30)).toEqual({
      type: 'dubbing',
      seconds: 30,
      languages: 1,
      scripts: true,
    });
    const defaults = parsed('dubbing', { video: '/a.mp4' });
    expect(billingUnitsForRequest('dubbing', defaults, 30)).toMatchObject({
      languages: 3,
      scripts: false,
    });
    expect(
      billingUnitsForRequest('proofread', parsed('proofread', { video: '/a.mp4' }), 30),
    ).toEqual({
      type: 'proofread',
      seconds: 30,
      languages: 0,
    });
    const brief = parsed('video_analysis', { video: '/a.mp4', variants_num: 4 });
    expect(billingUnitsForRequest('video_analysis', brief, 30)).toEqual({
      type: 'video_analysis',
      seconds: 30,
      variants: 4,
    });
    const sound = parsed('video_to_video_sound', { video: '/a.mp4' });
    expect(billingUnitsForRequest('video_to_video_sound', sound, 12.5)).toEqual({
      type: 'video_to_video_sound',
      seconds: 12.5,
    });
  });

  it('returns null when the media duration is needed but unknown', () => {
    const request = parsed('video_to_sfx', { video_url: 'https://x.example/a.mp4' });
    expect(billingUnitsForRequest('video_to_sfx', request)).toBeNull();
  });

  it('feeds estimateCharge end to end', () => {
    const request = parsed('dubbing', { video: '/a.mp4', languages: ['es', 'fr'] });
    const units = billingUnitsForRequest('dubbing', request, 4);
    expect(units && estimateCharge(units)).toMatchObject({ amount: 1.97, trialUsed: false });
  });
});
