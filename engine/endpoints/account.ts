import type { ServerResponse } from 'node:http';
import { LIMITS, MAX_MEDIA_SECONDS } from '../../shared/api/limits';
import type { Account } from '../accounts/account';
import { toUsd } from '../billing/money';
import { usageReport } from '../billing/usage';
import type { EngineCore } from '../server/engine-core';
import { sendJson, sendRejection } from '../server/respond';

/**
 * GET /v1/account/services (docs/api-notes.md 6.14), plus the engine's `balance` and the duration caps
 * it enforces (`max_media_seconds`), so the app checks against the engine's own numbers.
 */
export function handleServices(res: ServerResponse, account: Account, core: EngineCore): void {
  const body: Record<string, unknown> = {
    available_services: [...core.endpoints.values()]
      .map((endpoint) => endpoint.type)
      .filter((type) => !account.services || account.services.includes(type)),
    rpm_limit: account.rpmLimit,
    concurrency_limit: account.concurrencyLimit,
    discount_factor: account.discountFactor,
    max_upload_size_mb: account.maxUploadSizeMb,
    max_media_seconds: MAX_MEDIA_SECONDS,
    balance: toUsd(account.balance),
  };
  if (account.trial) {
    body.trial = Object.fromEntries(
      Object.entries(account.trial).map(([type, allowance]) => [
        type,
        {
          granted: allowance.granted,
          used: allowance.used,
          remaining: Math.max(0, allowance.granted - allowance.used),
        },
      ]),
    );
  }
  sendJson(res, 200, body);
}

/** GET /v1/account/usage?days=N (docs/api-notes.md 6.15); days 1-365, default 30. */
export function handleUsage(
  res: ServerResponse,
  account: Account,
  core: EngineCore,
  url: URL,
): void {
  const { min, max, default: fallback } = LIMITS.usageDays;
  const raw = url.searchParams.get('days');
  const days = raw === null ? fallback : /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(days) || days < min || days > max) {
    return sendRejection(res, {
      status: 422,
      code: 'unprocessable_entity',
      message: `days must be an integer from ${min} to ${max}`,
      errors: [
        { loc: ['query', 'days'], msg: `Input should be between ${min} and ${max}`, type: 'range' },
      ],
    });
  }
  sendJson(res, 200, usageReport(core.ledger.entries(account.id), days));
}
