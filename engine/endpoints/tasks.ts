import type { ServerResponse } from 'node:http';
import type { Account } from '../accounts/account';
import type { EngineCore } from '../server/engine-core';
import { sendJson, sendRejection } from '../server/respond';
import { taskEnvelope } from '../tasks/envelope';

/**
 * GET /v1/tasks/{id}: the envelope with result URLs (re-)issued for this read. Another
 * account's task is "not found", exactly like an unknown id.
 */
export async function handleGetTask(
  res: ServerResponse,
  account: Account,
  core: EngineCore,
  taskId: string,
): Promise<void> {
  const task = core.tasks.get(taskId);
  if (!task || task.accountId !== account.id) {
    return sendRejection(res, { status: 404, code: 'not_found', message: 'Task not found' });
  }
  sendJson(res, 200, await core.files.renderUrls(taskEnvelope(task), core.baseUrl()));
}
