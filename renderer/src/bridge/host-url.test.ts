import { describe, expect, it } from 'vitest';
import { reconnectDelay, RECONNECT_MAX_MS } from './backoff';
import { hashWithoutToken, ipcSocketUrl, readTokenFromHash, uploadUrl } from './host-url';
import { PendingRequests, readWireResult } from './pending-requests';

describe('host addresses', () => {
  it('reads the token from the hash and strips it', () => {
    expect(readTokenFromHash('#token=a1b2')).toBe('a1b2');
    expect(readTokenFromHash('#x=1&token=t%2B1')).toBe('t+1');
    expect(readTokenFromHash('#')).toBeNull();
    expect(readTokenFromHash('#token=')).toBeNull();
    expect(hashWithoutToken('#token=a1b2')).toBe('');
    expect(hashWithoutToken('#x=1&token=a')).toBe('#x=1');
  });
  it('builds socket and upload URLs', () => {
    expect(ipcSocketUrl('127.0.0.1:4000', 'a b')).toBe('ws://127.0.0.1:4000/ipc?token=a%20b');
    expect(uploadUrl('my take.wav')).toBe('/upload?name=my%20take.wav');
  });
});

describe('reconnect backoff', () => {
  it('doubles and caps', () => {
    expect(reconnectDelay(0)).toBe(250);
    expect(reconnectDelay(1)).toBe(500);
    expect(reconnectDelay(3)).toBe(2000);
    expect(reconnectDelay(30)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(0, 0.5)).toBe(275);
  });
});

describe('pending requests', () => {
  it('settles once and fails the rest together', async () => {
    const table = new PendingRequests();
    const a = table.open();
    const b = table.open();
    expect(a.id).not.toBe(b.id);
    expect(table.settle(a.id, { ok: true, value: 1 })).toBe(true);
    expect(table.settle(a.id, { ok: true, value: 2 })).toBe(false);
    expect(table.failAll({ code: 'disconnected', message: 'gone', retryable: false })).toBe(1);
    expect(await a.answer).toEqual({ ok: true, value: 1 });
    expect(await b.answer).toMatchObject({ ok: false, error: { code: 'disconnected' } });
    expect(table.size).toBe(0);
  });
  it('reads wire results defensively', () => {
    expect(readWireResult({ ok: true, value: 3 })).toEqual({ ok: true, value: 3 });
    expect(
      readWireResult({
        ok: false,
        error: { code: 'invalid_setting', message: 'no', field: 'baseUrl' },
      }),
    ).toEqual({
      ok: false,
      error: { code: 'invalid_setting', message: 'no', retryable: false, field: 'baseUrl' },
    });
    expect(readWireResult('nope')).toMatchObject({ ok: false, error: { code: 'bad_answer' } });
  });
});
