import { describe, expect, it } from 'vitest';
import { describeError } from './error-text';
import { tokenizeJson } from './json-tokens';

describe('describeError', () => {
  it('gives title and advice for API kinds', () => {
    const text = describeError({
      kind: 'trial_exhausted',
      code: 'trial_exhausted',
      message: 'You have used your 2 free trial calls.',
    });
    expect(text.title).toBe('Free trial used up');
    expect(text.advice).toMatch(/Add a payment method/);
  });
  it('leaves out advice the message already gives', () => {
    const text = describeError({
      kind: 'trial_exhausted',
      code: 'trial_exhausted',
      message: 'Used your 2 free calls. Add a payment method to continue: https://x.test/billing',
    });
    expect(text.advice).toBeUndefined();
  });
  it('reads the kind from an IPC code too and names host problems', () => {
    expect(describeError({ code: 'unauthorized', message: 'Invalid API key' }).title).toBe(
      'Key rejected',
    );
    expect(describeError({ code: 'disconnected', message: 'gone' })).toEqual({
      title: 'Not connected to Soundstage host',
      message: 'gone',
    });
    expect(describeError({ code: 'weird', message: 'x' }).title).toBe('Something went wrong');
    expect(describeError({ code: 'no_key', message: 'No API key is set.' }).title).toBe(
      'No API key',
    );
  });
});

describe('tokenizeJson', () => {
  it('keeps every character and tags keys, strings, numbers and literals', () => {
    const text = JSON.stringify(
      { task_id: 'a-1', status: 'failed', cost: -0.36, refunded: true, error: null, list: [1e3] },
      null,
      2,
    );
    const tokens = tokenizeJson(text);
    expect(tokens.map((t) => t.text).join('')).toBe(text);
    expect(tokens.filter((t) => t.kind === 'key').map((t) => t.text)).toEqual([
      '"task_id"',
      '"status"',
      '"cost"',
      '"refunded"',
      '"error"',
      '"list"',
    ]);
    expect(tokens.filter((t) => t.kind === 'num').map((t) => t.text)).toEqual(['-0.36', '1000']);
    expect(tokens.filter((t) => t.kind === 'lit').map((t) => t.text)).toEqual(['true', 'null']);
    expect(tokens.filter((t) => t.kind === 'str').map((t) => t.text)).toEqual([
      '"a-1"',
      '"failed"',
    ]);
  });
});
