import { describe, expect, it } from 'vitest';
import { apiUrl, isLoopbackHost, normalizeBaseUrl } from './base-url';
import { REDACTED, redact, redactHeaders } from './redact';
import { renderFieldValue, wireTextParts } from './wire-fields';

describe('normalizeBaseUrl (docs/api-notes.md 1.1)', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com///', 'https://api.example.com'],
    ['https://gw.example.com/sound/', 'https://gw.example.com/sound'],
    ['https://gw.example.com/sound/v1', 'https://gw.example.com/sound'],
    ['https://api.example.com/v1/', 'https://api.example.com'],
    ['  http://127.0.0.1:8080  ', 'http://127.0.0.1:8080'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    'api.example.com',
    'ftp://x.example.com',
    'https://u:p@x.example.com',
    'https://x.example.com/?a=1',
    '',
  ])('rejects %s', (input) => {
    expect(normalizeBaseUrl(input).ok).toBe(false);
  });

  it('appends absolute /v1 paths by concatenation, keeping a prefix', () => {
    expect(apiUrl('https://gw.example.com/sound', '/v1/account/services')).toBe(
      'https://gw.example.com/sound/v1/account/services',
    );
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.2')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('example.com')).toBe(false);
    expect(isLoopbackHost('127.example.com')).toBe(false);
  });
});

describe('redact', () => {
  it('masks bearer tokens, key-shaped strings and given secrets', () => {
    const line =
      'POST /v1/x Authorization: Bearer sk_live_abcdef123456 key=sks_zzzzzzzz9 other=my-secret-value';
    const out = redact(line, ['my-secret-value']);
    expect(out).not.toContain('sk_live_abcdef123456');
    expect(out).not.toContain('sks_zzzzzzzz9');
    expect(out).not.toContain('my-secret-value');
    expect(out).toContain(`Bearer ${REDACTED}`);
  });

  it('masks credential headers by name', () => {
    expect(
      redactHeaders({ Authorization: 'Bearer abc', 'X-Sonilo-Client': 'soundstage-desktop' }),
    ).toEqual({
      Authorization: REDACTED,
      'X-Sonilo-Client': 'soundstage-desktop',
    });
  });
});

describe('wire fields (docs/api-notes.md 1.4)', () => {
  it('renders booleans, integers and floats the way the SDKs do', () => {
    expect(renderFieldValue(true)).toBe('true');
    expect(renderFieldValue(false)).toBe('false');
    expect(renderFieldValue(30)).toBe('30');
    expect(renderFieldValue(0.8)).toBe('0.8');
    expect(renderFieldValue(0)).toBe('0');
    expect(renderFieldValue('[{"start": 0}]')).toBe('[{"start": 0}]');
  });

  it('adds mode=async to async music and sends every other field as given', () => {
    const parts = wireTextParts({
      type: 'video_to_music',
      delivery: 'async',
      fields: { preserve_speech: false, ducking: true, prompt_influence: 0 },
      files: {},
      label: 'x',
    });
    expect(parts).toEqual([
      { name: 'preserve_speech', value: 'false' },
      { name: 'ducking', value: 'true' },
      { name: 'prompt_influence', value: '0' },
      { name: 'mode', value: 'async' },
    ]);
    const sfx = wireTextParts({
      type: 'text_to_sfx',
      delivery: 'async',
      fields: { prompt: 'p', duration: 3 },
      files: {},
      label: 'x',
    });
    expect(sfx.map((p) => p.name)).toEqual(['prompt', 'duration']);
  });
});
