import { describe, expect, it } from 'vitest';
import { ERROR_ADVICE } from '../../../shared/api/errors';
import {
  API_ERROR_KINDS,
  IPC_ERROR_CODES,
  LOCAL_ERROR_CODES,
} from '../../../shared/ipc/error-codes';
import { readWireResult } from '../bridge/pending-requests';
import { describeError } from './error-text';

const GENERIC = 'Something went wrong';

describe('error words', () => {
  it('has a title of its own for every IPC error code', () => {
    expect(IPC_ERROR_CODES.length).toBe(API_ERROR_KINDS.length + LOCAL_ERROR_CODES.length);
    for (const code of IPC_ERROR_CODES) {
      const text = describeError({ code, message: 'details' });
      expect(text.title, code).not.toBe(GENERIC);
      expect(text.title.length, code).toBeGreaterThan(3);
      expect(text.message).toBe('details');
    }
  });

  it('names the three codes that used to fall through to the generic title', () => {
    expect(describeError({ code: 'engine_unavailable', message: '' }).title).toBe(
      'Local engine not running',
    );
    expect(describeError({ code: 'url_not_allowed', message: '' }).title).toBe('Link not opened');
    expect(describeError({ code: 'key_not_cleared', message: '' }).title).toBe('Key not removed');
  });

  it('adds advice for every API error kind, unless the message already says it', () => {
    for (const kind of API_ERROR_KINDS) {
      expect(describeError({ code: kind, message: 'x' }).advice, kind).toBe(ERROR_ADVICE[kind]);
    }
    const said = describeError({
      code: 'unauthorized',
      message: 'Invalid API key. Enter a valid API key in Settings',
    });
    expect(said.advice).toBeUndefined();
  });

  it('keeps the generic title for codes outside the union (job errors from the service)', () => {
    expect(describeError({ code: 'GENERATION_FAILED', message: 'x' }).title).toBe(GENERIC);
  });

  it('reads an unknown code from the wire as internal, keeping its message', () => {
    expect(
      readWireResult({ ok: false, error: { code: 'from_a_newer_host', message: 'm' } }),
    ).toEqual({ ok: false, error: { code: 'internal', message: 'm', retryable: false } });
  });
});
