import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { CapabilityTable } from '../../shared/api/capabilities';
import type { Account } from '../accounts/account';
import { refuseByPath } from '../capabilities/requirements';
import { quote } from '../billing/quote';
import {
  MAX_IDEMPOTENCY_KEY_LENGTH,
  requestFingerprint,
  type IdempotencyVerdict,
  type IdempotentOutcome,
} from '../tasks/idempotency-store';
import type { TaskRecord } from '../tasks/task-record';
import { readForm } from './body';
import type { Endpoint } from './endpoint';
import type { EngineCore } from './engine-core';
import type { RequestForm } from './form';
import { createPrepareContext } from './prepare-context';
import type { Checked } from './rejection';
import { sendJson, sendRejection } from './respond';
import { streamGeneration } from './stream-response';

/**
 * A POST to a generation endpoint, in the order the live service applies its rules: the
 * per-minute window (counting this request even if it fails later), body, validation, then
 * concurrency and payment together with no await in between, so the check and the debit are
 * atomic. Anything refused leaves no task, no usage and no debit behind. A request with an
 * Idempotency-Key already accepted for this account is answered from the first one's record
 * (docs/api-notes.md "Idempotency-Key").
 */
export async function handleSubmit(
  req: IncomingMessage,
  res: ServerResponse,
  account: Account,
  endpoint: Endpoint,
  core: EngineCore,
): Promise<void> {
  const overRpm = core.limiter.countRequest(account);
  if (overRpm) return sendRejection(res, overRpm);
  if (account.services && !account.services.includes(endpoint.type)) {
    const service = endpoint.type.replace(/_/g, '-');
    return sendRejection(res, {
      status: 403,
      code: 'forbidden',
      message: `This account has no access to ${service}`,
    });
  }

  const key = idempotencyKeyOf(req);
  if (key && !key.ok) return sendRejection(res, key.error);

  // Something this machine cannot do at all is refused before the upload is read
  // (docs/decisions/073-capability-table.md).
  const capabilities = await core.capabilities.current();
  const impossible = refuseByPath(endpoint.type, capabilities);
  if (impossible) return sendRejection(res, impossible);

  const taskId = randomUUID();
  const taskDir = core.tasks.taskDir(taskId);
  const workDir = core.tasks.workDir(taskId);
  const discard = () => rm(taskDir, { recursive: true, force: true });

  const form = await readForm(req, {
    uploadDir: join(workDir, 'uploads'),
    maxUploadMb: account.maxUploadSizeMb,
  });
  if (!form.ok) {
    await discard();
    return sendRejection(res, form.error);
  }
  const base = { res, account, endpoint, core, taskId, form: form.value, capabilities };
  if (!key) return accept(base);
  const release = await core.idempotency.reserve(account.id, key.value);
  try {
    const fingerprint = await requestFingerprint(endpoint.path, form.value);
    const verdict = core.idempotency.verdict(account.id, key.value, fingerprint);
    if (verdict.kind !== 'new') {
      await discard();
      return replay(res, verdict);
    }
    const idempotency = { key: key.value, fingerprint, release };
    return await accept({ ...base, idempotency });
  } finally {
    release();
  }
}

interface Accepting {
  res: ServerResponse;
  account: Account;
  endpoint: Endpoint;
  core: EngineCore;
  taskId: string;
  form: RequestForm;
  capabilities: CapabilityTable;
  /** Set when the request carried an Idempotency-Key; `release` lets a waiting repeat in. */
  idempotency?: { key: string; fingerprint: string; release: () => void };
}

/** Validation, concurrency, payment and the task (or stream) of a request seen for the first time. */
async function accept(a: Accepting): Promise<void> {
  const { res, account, endpoint, core, taskId } = a;
  const workDir = core.tasks.workDir(taskId);
  const discard = () => rm(core.tasks.taskDir(taskId), { recursive: true, force: true });
  const ctx = createPrepareContext({
    type: endpoint.type,
    taskId,
    workDir,
    form: a.form,
    account: { id: account.id, maxUploadSizeMb: account.maxUploadSizeMb },
    allowLoopbackUrls: core.allowLoopbackUrls,
    fetchDeadlineMs: core.fetchDeadlineMs,
    capabilities: a.capabilities,
  });
  const prepared = await endpoint.prepare(a.form, ctx).catch(async (error: unknown) => {
    await discard();
    throw error;
  });
  if (!prepared.ok) {
    await discard();
    return sendRejection(res, prepared.error);
  }
  const input = prepared.value;
  const isStream = endpoint.isStream?.(input) ?? false;
  const q = quote(endpoint.type, endpoint.billing(input), account);

  const busy = core.limiter.checkConcurrency(account);
  if (busy) {
    await discard();
    return sendRejection(res, busy);
  }
  const charged = core.billing.charge(account, q, isStream ? null : taskId);
  if (!charged.ok) {
    await discard();
    return sendRejection(res, charged.error);
  }
  const release = core.limiter.startGeneration(account.id);
  const { charge, entryId, saved } = charged.value;

  const remember = (outcome: IdempotentOutcome) =>
    a.idempotency
      ? core.idempotency.remember(account.id, a.idempotency.key, a.idempotency.fingerprint, outcome)
      : Promise.resolve();
  // The debit above is only in memory: it counts once the usage, account, task and idempotency
  // records are on disk. If the data folder refuses any of them, nothing was accepted: the
  // charge is undone, the slot freed and the client told to try again (503).
  const unrecorded = async (error: unknown): Promise<void> => {
    release();
    if (a.idempotency) core.idempotency.forget(account.id, a.idempotency.key);
    await Promise.all([core.billing.cancel(charge, entryId), discard().catch(() => undefined)]);
    core.log(`${endpoint.path}: records could not be written, nothing charged: ${String(error)}`);
    sendRejection(res, storageUnavailable());
  };

  if (isStream) {
    try {
      await Promise.all([saved, remember({ kind: 'stream' })]);
    } catch (error) {
      return unrecorded(error);
    }
    a.idempotency?.release();
    await streamGeneration(res, { endpoint, input, charge, workDir, release, core });
    await discard();
    return;
  }

  let task: TaskRecord;
  const ack = { task_id: taskId, status: 'processing', ...(endpoint.ackFields?.(input) ?? {}) };
  try {
    const now = new Date().toISOString();
    task = {
      id: taskId,
      accountId: account.id,
      type: endpoint.type,
      status: 'processing',
      createdAt: now,
      updatedAt: now,
      input,
      charge,
      refunded: false,
      attempts: 1,
      watermarkPayload: await core.serials.next(),
    };
    await Promise.all([saved, core.tasks.save(task), remember({ kind: 'task', taskId, ack })]);
  } catch (error) {
    return unrecorded(error);
  }
  core.runner.start(task, endpoint, release);
  sendJson(res, 202, ack);
}

function storageUnavailable() {
  return {
    status: 503,
    code: 'storage_unavailable',
    message:
      "The engine's data folder refused a write (the disk may be full or read-only), so the request was not accepted and nothing was charged. Free some space and try again.",
    headers: { 'Retry-After': '30' },
  };
}

/** A repeated key: the first request's 202 again, or a 409 (docs/decisions/010-idempotency-keys.md). */
function replay(res: ServerResponse, verdict: Exclude<IdempotencyVerdict, { kind: 'new' }>): void {
  if (verdict.kind === 'conflict') {
    return sendRejection(res, {
      status: 409,
      code: 'idempotency_conflict',
      message: 'This Idempotency-Key was already used with a different request; use a new key.',
    });
  }
  if (verdict.outcome.kind === 'stream') {
    return sendRejection(res, {
      status: 409,
      code: 'stream_replay_unsupported',
      message:
        'A stream with this Idempotency-Key was already started and charged; a stream cannot be replayed.',
    });
  }
  sendJson(res, 202, verdict.outcome.ack);
}

/** The Idempotency-Key header, when sent: 1 to 200 visible ASCII characters. */
function idempotencyKeyOf(req: IncomingMessage): Checked<string> | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || value.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    return {
      ok: false,
      error: {
        status: 400,
        code: 'invalid_request',
        message: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
      },
    };
  }
  return { ok: true, value };
}
