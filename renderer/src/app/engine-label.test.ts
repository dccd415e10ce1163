import { describe, expect, it } from 'vitest';
import { engineLabel } from './engine-label';

describe('engineLabel', () => {
  it('names the local engine state', () => {
    expect(engineLabel({ kind: 'local', state: 'running' }, undefined)).toEqual({
      text: 'Local engine running',
      tone: 'ok',
    });
    expect(engineLabel({ kind: 'local', state: 'crashed' }, undefined).tone).toBe('danger');
    expect(engineLabel(undefined, undefined).text).toMatch(/Checking/);
  });
  it('names a custom service and a missing key', () => {
    const status = {
      kind: 'custom',
      state: 'remote',
      baseUrl: 'https://api.example.com/',
    } as const;
    expect(engineLabel(status, { configured: true, last4: 'abcd' }).text).toBe(
      'Custom service · api.example.com',
    );
    expect(engineLabel(status, { configured: false }).text).toBe('api.example.com · key missing');
  });
});
