import { describe, expect, it } from 'vitest';
import { keyOriginMismatch } from './key-origin';

const key = { configured: true, last4: '7f3a', origin: 'https://api.sonilo.ai' };

describe('keyOriginMismatch', () => {
  it('names both origins when the service URL moved to another host', () => {
    expect(keyOriginMismatch(key, { kind: 'custom', baseUrl: 'https://attacker.example/v1' })).toBe(
      'This key was verified for https://api.sonilo.ai; enter a key for https://attacker.example.',
    );
    expect(
      keyOriginMismatch(key, { kind: 'custom', baseUrl: 'https://api.sonilo.ai:8443' }),
    ).toMatch(/enter a key for https:\/\/api\.sonilo\.ai:8443/);
  });

  it('is quiet for the same origin (any path), no key, or the local engine', () => {
    expect(
      keyOriginMismatch(key, { kind: 'custom', baseUrl: 'https://api.sonilo.ai/v1' }),
    ).toBeNull();
    expect(
      keyOriginMismatch({ configured: false }, { kind: 'custom', baseUrl: 'https://x.io' }),
    ).toBeNull();
    expect(keyOriginMismatch(key, { kind: 'local' })).toBeNull();
  });

  it('asks to verify again a key stored before keys had an origin', () => {
    expect(
      keyOriginMismatch(
        { configured: true, last4: '7f3a' },
        { kind: 'custom', baseUrl: 'https://x.io' },
      ),
    ).toMatch(/enter it again to verify it for https:\/\/x\.io/);
  });
});
