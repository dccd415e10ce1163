import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from './base-url';

describe('checkBaseUrl', () => {
  it('accepts https anywhere and http on loopback, normalised', () => {
    expect(checkBaseUrl(' https://api.example.com/ ')).toEqual({
      ok: true,
      url: 'https://api.example.com',
    });
    expect(checkBaseUrl('https://example.com/sound/')).toEqual({
      ok: true,
      url: 'https://example.com/sound',
    });
    expect(checkBaseUrl('http://127.0.0.1:8080')).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8080',
    });
    expect(checkBaseUrl('http://localhost:3000')).toEqual({
      ok: true,
      url: 'http://localhost:3000',
    });
    expect(checkBaseUrl('http://[::1]:9000')).toEqual({ ok: true, url: 'http://[::1]:9000' });
  });
  it('explains what is wrong', () => {
    const message = (input: string) => {
      const result = checkBaseUrl(input);
      return result.ok ? '' : result.message;
    };
    expect(message('')).toMatch(/Enter the service address/);
    expect(message('api.example.com')).toMatch(/not a valid URL/);
    expect(message('ftp://example.com')).toMatch(/http:\/\/ or https:\/\//);
    expect(message('http://api.example.com')).toMatch(/Use https/);
    expect(message('http://192.168.1.5')).toMatch(/Use https/);
    expect(message('https://user:pw@example.com')).toMatch(/credentials/);
    expect(message('https://example.com/?a=1')).toMatch(/query/);
    expect(message('https://example.com/v1/')).toMatch(/Leave out \/v1/);
  });
});
