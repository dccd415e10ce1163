import type { TaskType } from '../../shared/api/task-types';
import type { Charge } from '../billing/billing';
import type { TaskResultFields } from '../server/endpoint';

export type TaskStatusName = 'processing' | 'succeeded' | 'failed';

/** A task as persisted in `<data>/tasks/<id>/task.json`. */
export interface TaskRecord {
  id: string;
  accountId: string;
  type: TaskType;
  status: TaskStatusName;
  createdAt: string;
  updatedAt: string;
  /** The endpoint's prepared input: enough to run the task again after a restart. */
  input: unknown;
  charge: Charge;
  refunded: boolean;
  error?: { code: string; message: string };
  result?: TaskResultFields;
  /** How many times the work was started (a restart mid-task starts it again). */
  attempts: number;
  watermarkPayload: number;
}
