import { toUsd } from '../billing/money';
import type { TaskRecord } from './task-record';

/**
 * The body of GET /v1/tasks/{id} (docs/api-notes.md 5.2): the common fields, plus the result fields
 * once succeeded. Result fields can never override the common ones.
 */
export function taskEnvelope(task: TaskRecord): Record<string, unknown> {
  const envelope: Record<string, unknown> = {
    task_id: task.id,
    status: task.status,
    type: task.type,
  };
  if (task.status === 'succeeded' && task.result) Object.assign(envelope, task.result);
  Object.assign(envelope, {
    task_id: task.id,
    status: task.status,
    type: task.type,
    refunded: task.refunded,
    duration_seconds: task.charge.quote.seconds,
    cost: toUsd(task.charge.amount),
  });
  if (task.status === 'failed' && task.error) envelope.error = task.error;
  return envelope;
}
