import type { IncomingMessage } from 'node:http';
import type { Account } from '../accounts/account';
import type { AccountStore } from '../accounts/account-store';
import type { Rejection } from './rejection';

/** `Authorization: Bearer <key>` on every /v1 request; 401 auth_invalid otherwise. */
export function authenticate(
  req: IncomingMessage,
  accounts: AccountStore,
): { ok: true; value: Account } | { ok: false; error: Rejection } {
  const header = req.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) {
    return {
      ok: false,
      error: {
        status: 401,
        code: 'auth_invalid',
        message: 'Missing API key: send Authorization: Bearer <API key>',
      },
    };
  }
  const account = accounts.findByKey(match[1]!);
  if (!account)
    return { ok: false, error: { status: 401, code: 'auth_invalid', message: 'Invalid API key' } };
  return { ok: true, value: account };
}
