import { describe, expect, it } from 'vitest';
import { isPermissionGranted, isSameOrigin } from './permissions';

const APP = 'app://soundstage';

describe('isPermissionGranted', () => {
  it.each([
    ['clipboard-sanitized-write', `${APP}/index.html`, true],
    ['fullscreen', `${APP}/index.html`, true],
    ['fullscreen', 'https://evil.example/', false],
    ['clipboard-sanitized-write', 'https://evil.example/', false],
    ['media', `${APP}/index.html`, false],
    ['geolocation', `${APP}/index.html`, false],
    ['notifications', `${APP}/index.html`, false],
    ['clipboard-read', `${APP}/index.html`, false],
    ['openExternal', `${APP}/index.html`, false],
    ['hid', `${APP}/index.html`, false],
    ['fullscreen', undefined, false],
    ['fullscreen', 'not a url', false],
  ])('%s from %s -> %s', (permission, url, granted) => {
    expect(isPermissionGranted(permission, url, APP)).toBe(granted);
  });
});

describe('isSameOrigin', () => {
  it('compares scheme and host of custom-scheme URLs, which Node gives a null origin', () => {
    expect(new URL(`${APP}/index.html`).origin).toBe('null');
    expect(isSameOrigin(`${APP}/index.html`, APP)).toBe(true);
    expect(isSameOrigin('app://other/index.html', APP)).toBe(false);
    expect(isSameOrigin('https://soundstage/index.html', APP)).toBe(false);
    expect(isSameOrigin('file:///etc/passwd', 'file:///')).toBe(false);
  });
});
