import { describe, expect, it } from 'vitest';
import {
  accountServicesSchema,
  accountUsageSchema,
  apiErrorBodySchema,
  streamEventSchema,
} from './responses';

// Account bodies, error bodies and stream events as docs/api-notes.md shows them (sections 3, 4, 6).

describe('accountServicesSchema', () => {
  it('accepts the documented body with a trial object', () => {
    const services = accountServicesSchema.parse({
      available_services: ['text_to_music', 'video_to_music'],
      rpm_limit: 60,
      concurrency_limit: 5,
      discount_factor: 0.8,
      max_upload_size_mb: 300,
      trial: { text_to_music: { granted: 2, used: 1, remaining: 1 } },
    });
    expect(services.trial?.text_to_music?.remaining).toBe(1);
  });

  it('reads discount_factor as a string and max_upload_size_mb as null, and floors remaining at 0', () => {
    const services = accountServicesSchema.parse({
      available_services: [],
      rpm_limit: '60',
      concurrency_limit: 5,
      discount_factor: '0.8000',
      max_upload_size_mb: null,
      trial: { proofread: { granted: 2, used: 3, remaining: -1 } },
    });
    expect(services.discount_factor).toBe(0.8);
    expect(services.rpm_limit).toBe(60);
    expect(services.max_upload_size_mb).toBeNull();
    expect(services.trial?.proofread?.remaining).toBe(0);
  });

  it('reads advertised duration caps, numbers as strings included, and drops unreadable ones', () => {
    const base = {
      available_services: [],
      rpm_limit: 60,
      concurrency_limit: 5,
      discount_factor: 1,
    };
    const services = accountServicesSchema.parse({
      ...base,
      max_media_seconds: { video_to_video_sound: '180', video_to_sfx: 180, dubbing: 'soon' },
    });
    expect(services.max_media_seconds).toEqual({ video_to_video_sound: 180, video_to_sfx: 180 });
    expect(accountServicesSchema.parse(base).max_media_seconds).toBeUndefined();
    expect(
      accountServicesSchema.parse({ ...base, max_media_seconds: 'n/a' }).max_media_seconds,
    ).toBeUndefined();
  });

  it('rejects a body without available_services', () => {
    expect(
      accountServicesSchema.safeParse({ rpm_limit: 60, concurrency_limit: 5, discount_factor: 1 })
        .success,
    ).toBe(false);
  });
});

describe('accountUsageSchema', () => {
  it('accepts the documented sample with costs as strings or numbers', () => {
    const usage = accountUsageSchema.parse({
      summary: {
        total_requests: 2,
        total_duration_seconds: 120.0,
        total_cost: '1.2000',
        period_start: '2026-06-08T00:00:00Z',
        period_end: '2026-07-08T00:00:00Z',
        extra: true,
      },
      daily: [
        { date: '2026-07-07', requests: 2, duration_seconds: 120.0, cost: '1.2000' },
        { date: '2026-07-06', requests: 0, duration_seconds: 0, cost: 0 },
      ],
    });
    expect(usage.summary.total_cost).toBe(1.2);
    expect(usage.daily[0]?.cost).toBe(1.2);
  });

  it('rejects a daily entry without a date', () => {
    expect(accountUsageSchema.safeParse({ summary: {}, daily: [{ requests: 1 }] }).success).toBe(
      false,
    );
  });
});

describe('apiErrorBodySchema', () => {
  it.each([
    ['the public envelope', { code: 'not_found', message: 'Task not found' }],
    [
      'a 422 with FastAPI errors',
      {
        code: 'validation_error',
        message: 'bad',
        errors: [{ loc: ['body', 'duration'], msg: 'too big', type: 'less_than_equal' }],
      },
    ],
    [
      'a preflight block with details',
      {
        code: 'SUBTITLE_PREFLIGHT_BLOCKED',
        message: 'blocked',
        details: { es: { status: 'blocked' } },
      },
    ],
    ['a legacy string detail', { detail: 'Not authenticated' }],
    ['a legacy list detail', { detail: [{ loc: ['body', 'prompt'], msg: 'Field required' }] }],
  ])('accepts %s', (_label, body) => {
    expect(apiErrorBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('streamEventSchema', () => {
  it.each([
    [{ type: 'title', title: 'Dawn', summary: 's', display_tags: ['calm'] }, 'title'],
    [{ type: 'audio_chunk', data: 'AAAA', stream_index: 0, num_streams: 1 }, 'audio_chunk'],
    [
      {
        type: 'cost',
        billing_rate_per_sec: '0.01',
        billing_before_discount: '0.6000',
        billing_after_discount: '0.4800',
        discount_factor: '0.8000',
      },
      'cost',
    ],
    [{ type: 'complete', url: 'https://r.example/a.m4a' }, 'complete'],
    [{ type: 'error', code: 'UPSTREAM', message: 'upstream died' }, 'error'],
  ])('parses %j', (line, type) => {
    expect(streamEventSchema.parse(line).type).toBe(type);
  });

  it('reads cost strings as numbers', () => {
    const cost = streamEventSchema.parse({
      type: 'cost',
      billing_after_discount: '0.4800',
      discount_factor: '0.8000',
    });
    expect(cost).toMatchObject({ billing_after_discount: 0.48, discount_factor: 0.8 });
  });

  it('gives an error event without a usable message the default text', () => {
    expect(
      streamEventSchema.parse({ type: 'error', code: 'MODAL_DEAD', message: '' }),
    ).toMatchObject({ message: 'generation failed' });
    expect(
      streamEventSchema.parse({ type: 'error', code: 'MODAL_DEAD', message: 5 }),
    ).toMatchObject({ message: 'generation failed' });
  });

  it('does not know progress types (the parser turns them into unknown events)', () => {
    for (const type of ['stage_start', 'stage_complete', 'trace', 'final_inputs']) {
      expect(streamEventSchema.safeParse({ type, msg: 'x' }).success).toBe(false);
    }
  });
});
