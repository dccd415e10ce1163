import { describe, expect, it } from 'vitest';
import { classifyHttpError, ERROR_ADVICE, networkError, parseRetryAfter } from './errors';

describe('classifyHttpError: the three 402s branch on code (docs/api-notes.md 3.3)', () => {
  it.each([
    [
      'trial_exhausted',
      "You've used your 2 free trial calls for text-to-music. Add a payment method to continue: https://billing.example/pay",
      'trial_exhausted',
    ],
    [
      'insufficient_balance',
      'Insufficient balance: need 0.4320, have 0.1000',
      'insufficient_balance',
    ],
    [
      'insufficient_balance',
      'Insufficient balance: balance=0.0000 < needed=1.3308',
      'insufficient_balance',
    ],
    ['payment_required', 'Account is suspended', 'payment_required'],
    ['account_suspended', 'Account is suspended', 'payment_required'],
    ['insufficient_credit', 'Not enough credit', 'insufficient_balance'],
  ])('code %s (%s) -> %s', (code, message, kind) => {
    const error = classifyHttpError(402, { code, message });
    expect(error.kind).toBe(kind);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.retryable).toBe(false);
  });

  it('does not read the message when the code says otherwise', () => {
    // A trial_exhausted message that happens to mention balance is still trial_exhausted.
    expect(
      classifyHttpError(402, { code: 'trial_exhausted', message: 'Insufficient balance' }).kind,
    ).toBe('trial_exhausted');
  });

  it("follows the spec's message rule for payment_required and code-less bodies", () => {
    expect(
      classifyHttpError(402, {
        code: 'payment_required',
        message: 'Insufficient balance: need 1, have 0',
      }).kind,
    ).toBe('insufficient_balance');
    expect(classifyHttpError(402, { detail: 'Insufficient balance' }).kind).toBe(
      'insufficient_balance',
    );
    expect(classifyHttpError(402, { detail: 'Payment required' }).kind).toBe('payment_required');
  });
});

describe('classifyHttpError: the two 429s (docs/api-notes.md 3.4)', () => {
  const rpm =
    'Rate limit exceeded: your account allows 60 requests per minute. Please retry after 1 minute. To raise your limit, please contact support.';
  const concurrency =
    'Too many concurrent generations: 5 of 5 in progress. Please wait for one to finish before starting another. To raise your limit, please contact support.';

  it('tells the per-minute limit from the concurrency limit', () => {
    const a = classifyHttpError(429, { code: 'rate_limit_exceeded', message: rpm }, '60');
    expect(a).toMatchObject({
      kind: 'rate_limited',
      rateLimit: 'rpm',
      retryAfter: 60,
      retryable: true,
    });
    const b = classifyHttpError(429, { code: 'rate_limit_exceeded', message: concurrency });
    expect(b).toMatchObject({ kind: 'rate_limited', rateLimit: 'concurrency', retryable: true });
    expect(b.retryAfter).toBeUndefined();
  });

  it('reads Retry-After as an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it.each([
    ['7', 7],
    [' 120 ', 120],
    ['1.5', 1.5],
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    ['soon', undefined],
  ])('parseRetryAfter(%j) = %j', (header, expected) => {
    expect(parseRetryAfter(header)).toBe(expected);
  });

  it('passes a date header through classifyHttpError', () => {
    const future = new Date(Date.now() + 90_000).toUTCString();
    const seconds =
      classifyHttpError(429, { code: 'rate_limited', message: rpm }, future).retryAfter ?? -1;
    // Only the order of magnitude: the clock moves between building the header and reading it.
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(90);
  });
});

describe('classifyHttpError: other statuses and bodies', () => {
  it.each([
    [
      400,
      { code: 'invalid_request', message: 'audio_format must be one of wav, mp3, aac, flac' },
      'invalid_request',
      false,
    ],
    [401, { code: 'auth_invalid', message: 'bad key' }, 'unauthorized', false],
    [401, { code: 'unauthorized', message: 'Invalid API key' }, 'unauthorized', false],
    [403, { code: 'forbidden', message: 'no access' }, 'forbidden', false],
    [404, { code: 'not_found', message: 'Task not found' }, 'not_found', false],
    [413, { code: 'payload_too_large', message: 'Max 300MB' }, 'too_large', false],
    [500, { code: 'internal_error', message: 'oops' }, 'internal', true],
    [502, { message: 'bad gateway' }, 'upstream', true],
    [503, { message: 'Video analysis is temporarily unavailable' }, 'unavailable', false],
  ])('%i %j -> %s', (status, body, kind, retryable) => {
    const error = classifyHttpError(status, body);
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(retryable);
    expect(error.status).toBe(status);
  });

  it('keeps FastAPI field errors of a 422', () => {
    const error = classifyHttpError(422, {
      code: 'validation_error',
      message: 'Invalid',
      errors: [
        { loc: ['body', 'duration'], msg: 'less than or equal to 360', type: 'less_than_equal' },
      ],
    });
    expect(error.kind).toBe('unprocessable');
    expect(error.fieldErrors?.[0]?.loc).toEqual(['body', 'duration']);
  });

  it('keeps per-language details of SUBTITLE_PREFLIGHT_BLOCKED', () => {
    const error = classifyHttpError(422, {
      code: 'SUBTITLE_PREFLIGHT_BLOCKED',
      message: 'blocked',
      details: { es: { status: 'blocked', issues: ['language_mismatch'] } },
    });
    expect(error.kind).toBe('preflight_blocked');
    expect(error.details).toEqual({ es: { status: 'blocked', issues: ['language_mismatch'] } });
  });

  it('reads legacy {detail} bodies: a string, or a list of field errors', () => {
    const text = classifyHttpError(401, { detail: 'Not authenticated' });
    expect(text).toMatchObject({
      kind: 'unauthorized',
      message: 'Not authenticated',
      code: 'http_401',
    });
    const list = classifyHttpError(422, {
      detail: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }],
    });
    expect(list.message).toBe('Field required');
    expect(list.fieldErrors).toHaveLength(1);
  });

  it('survives bodies that are not objects', () => {
    for (const body of [null, 'Bad Gateway', 42, undefined]) {
      const error = classifyHttpError(502, body);
      expect(error).toMatchObject({ kind: 'upstream', message: 'HTTP 502', code: 'http_502' });
    }
  });

  it('has advice for every kind, and network errors are retryable', () => {
    expect(networkError('ECONNREFUSED')).toMatchObject({ kind: 'network', retryable: true });
    for (const advice of Object.values(ERROR_ADVICE)) expect(advice.length).toBeGreaterThan(0);
  });
});
