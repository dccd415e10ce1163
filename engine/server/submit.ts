import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Account } from '../accounts/account';
import { quote } from '../billing/quote';
import type { TaskRecord } from '../tasks/task-record';
import { readForm } from './body';
import type { Endpoint } from './endpoint';
import type { EngineCore } from './engine-core';
import { createPrepareContext } from './prepare-context';
import { sendJson, sendRejection } from './respond';
import { streamGeneration } from './stream-response';

/**
 * A POST to a generation endpoint, in the order the live service applies its rules: the
 * per-minute window (counting this request even if it fails later), body, validation, then
 * concurrency and payment together with no await in between, so the check and the debit are
 * atomic. Anything refused leaves no task, no usage and no debit behind.
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
  const ctx = createPrepareContext({
    type: endpoint.type,
    taskId,
    workDir,
    form: form.value,
    account: { id: account.id, maxUploadSizeMb: account.maxUploadSizeMb },
    allowLoopbackUrls: core.allowLoopbackUrls,
    fetchDeadlineMs: core.fetchDeadlineMs,
  });
  const prepared = await endpoint.prepare(form.value, ctx).catch(async (error: unknown) => {
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
  const { charge, saved } = charged.value;

  if (isStream) {
    await saved;
    await streamGeneration(res, { endpoint, input, charge, workDir, release, core });
    await discard();
    return;
  }

  const now = new Date().toISOString();
  const task: TaskRecord = {
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
  await Promise.all([saved, core.tasks.save(task)]);
  core.runner.start(task, endpoint, release);
  sendJson(res, 202, {
    task_id: taskId,
    status: 'processing',
    ...(endpoint.ackFields?.(input) ?? {}),
  });
}
