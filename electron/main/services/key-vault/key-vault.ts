import { fail, ok, type Result } from '../../../../shared/ipc/result';
import { isIpcErrorCode } from '../../../../shared/ipc/error-codes';
import type { KeyStatus } from '../../../../shared/ipc/settings';
import type { ApiResult } from '../api-client/api-result';
import { urlOrigin } from '../api-client/base-url';
import { redact } from '../api-client/redact';
import type { SecretStorage } from './secret-storage';

export interface KeyVaultOptions {
  storage: SecretStorage;
  /** The base URL of the custom service a new key is for; null while the local engine is chosen. */
  serviceUrl: () => string | null;
  /** Checks a key against GET /v1/account/services of the service at `baseUrl`. */
  verify: (key: string, baseUrl: string) => Promise<ApiResult<unknown>>;
  now?: () => number;
}

/** What is stored: the key, the origin it was verified for and when. */
interface StoredKey {
  v: 1 | 2;
  key: string;
  /** Absent for keys stored before keys were tied to an origin: those are sent nowhere. */
  origin?: string;
  verifiedAt?: number;
}

function parseStored(text: string | null): StoredKey | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredKey>;
    if (value && (value.v === 1 || value.v === 2) && typeof value.key === 'string' && value.key) {
      const stored: StoredKey = { v: 2, key: value.key };
      if (value.v === 2 && typeof value.origin === 'string') stored.origin = value.origin;
      if (typeof value.verifiedAt === 'number') stored.verifiedAt = value.verifiedAt;
      return stored;
    }
  } catch {
    // Not the JSON record: a bare key written by hand or by an older build.
  }
  return { v: 2, key: text.trim() };
}

/**
 * The API key of the cloud (custom) service. It is verified before it is stored, stored with
 * the origin it was verified for, handed to main's API client only for that origin (so changing
 * the service URL never sends it to the new host), and never returned to the renderer: the
 * renderer sees `{ configured, last4, verifiedAt, origin }`. The local engine's generated key
 * is not kept here (EngineHost owns it).
 */
export class KeyVault {
  private cached: StoredKey | null | undefined;

  constructor(private readonly options: KeyVaultOptions) {}

  async status(): Promise<KeyStatus> {
    const stored = await this.load();
    if (!stored) return { configured: false };
    const status: KeyStatus = { configured: true, last4: stored.key.slice(-4) };
    if (stored.verifiedAt !== undefined) status.verifiedAt = stored.verifiedAt;
    if (stored.origin !== undefined) status.origin = stored.origin;
    return status;
  }

  /** Verifies the key with the service, then stores it. A 401 is "Key rejected"; nothing is stored. */
  async set(input: string): Promise<Result<KeyStatus>> {
    const key = input.trim();
    if (!key || /\s/.test(key)) {
      return fail('key_invalid', 'An API key is one word with no spaces.', { field: 'key' });
    }
    const baseUrl = this.options.serviceUrl();
    const origin = baseUrl ? urlOrigin(baseUrl) : null;
    if (!baseUrl || !origin) {
      return fail(
        'no_remote_service',
        "Choose your service's URL under Engine first; the local engine uses its own key.",
      );
    }
    const verified = await this.options.verify(key, baseUrl);
    if (!verified.ok) {
      const error = verified.error;
      const message = redact(error.message, [key]);
      switch (error.kind) {
        case 'unauthorized':
          return fail('key_rejected', 'Key rejected', { field: 'key' });
        case 'forbidden':
          return fail(
            'key_forbidden',
            'The key is valid but its account has no access to this service.',
            { field: 'key' },
          );
        case 'network':
          return fail('verify_unreachable', `The key could not be checked: ${message}`, {
            retryable: true,
          });
        default:
          return fail(
            isIpcErrorCode(error.code) ? error.code : error.kind,
            `The key could not be checked: ${message}`,
            {
              retryable: error.retryable,
            },
          );
      }
    }
    const record: StoredKey = { v: 2, key, origin, verifiedAt: (this.options.now ?? Date.now)() };
    try {
      await this.options.storage.write(JSON.stringify(record));
    } catch (error) {
      return fail(
        'key_not_stored',
        `The key was accepted but could not be stored: ${redact((error as Error).message, [key])}`,
      );
    }
    this.cached = record;
    return ok(await this.status());
  }

  async clear(): Promise<Result<KeyStatus>> {
    try {
      await this.options.storage.clear();
    } catch (error) {
      return fail('key_not_cleared', `The key could not be removed: ${(error as Error).message}`);
    }
    this.cached = null;
    return ok({ configured: false });
  }

  /**
   * The key itself, for main's API client only, and only for the origin it was verified for:
   * any other origin (a changed service URL, a redirect target) gets null.
   */
  async keyFor(origin: string | null): Promise<string | null> {
    const stored = await this.load();
    if (!stored?.origin || !origin || stored.origin !== origin) return null;
    return stored.key;
  }

  /**
   * The stored key if it was read this session (it always is before it is sent anywhere), for
   * redaction by value: a key that is not key-shaped is still masked wherever it is echoed.
   */
  knownKey(): string | null {
    return this.cached?.key ?? null;
  }

  private async load(): Promise<StoredKey | null> {
    if (this.cached === undefined) {
      try {
        this.cached = parseStored(await this.options.storage.read());
      } catch {
        // An unreadable store (e.g. keychain locked) reads as "no key"; nothing is cached.
        return null;
      }
    }
    return this.cached;
  }
}
