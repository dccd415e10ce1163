import { expect } from 'vitest';
import type { TaskType } from '../task-types';
import { parseTaskRequest, toFormFields, type TaskRequest } from './registry';
import type { FormParts } from './common';

/** Parses a request that must be valid and renders its form. */
export function formOf<T extends TaskType>(type: T, input: unknown): FormParts {
  const parsed = parseTaskRequest(type, input);
  if (!parsed.ok)
    throw new Error(`expected a valid ${type} request: ${JSON.stringify(parsed.error)}`);
  return toFormFields(type, parsed.value as TaskRequest<T>);
}

/** Asserts that a request is refused with a problem at `path` ('' = the request as a whole). */
export function expectRefused(type: TaskType, input: unknown, path: string): void {
  const parsed = parseTaskRequest(type, input);
  expect(parsed.ok, `expected ${type} to refuse ${JSON.stringify(input)}`).toBe(false);
  if (parsed.ok) return;
  expect(parsed.error.map((problem) => problem.path)).toContain(path);
  for (const problem of parsed.error) expect(problem.message.length).toBeGreaterThan(0);
}
