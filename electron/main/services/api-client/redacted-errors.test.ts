import { describe, expect, it } from 'vitest';
import { fail } from '../../../../shared/ipc/result';
import { redactedJob, redactedResult } from './redacted-errors';

/** A key that does not look like a key is still masked: redaction goes by the stored value. */
const ODD_KEY = 'opensesame-2718';

describe('redaction by value', () => {
  it('masks the stored key in an IPC error, whatever its shape', () => {
    const echoed = fail('internal', `The proxy refused the key ${ODD_KEY} for this host.`);
    const message = (result: ReturnType<typeof redactedResult>) =>
      result.ok ? '' : result.error.message;
    expect(message(redactedResult(echoed, [ODD_KEY]))).not.toContain(ODD_KEY);
    // Without the value, the shape rules alone would let it through.
    expect(message(redactedResult(echoed))).toContain(ODD_KEY);
  });

  it('masks the stored key in a job error', () => {
    const job = {
      id: 'j',
      request: { type: 'text_to_sfx', delivery: 'async', fields: {}, files: {}, label: 'x' },
      stage: 'failed',
      createdAt: 1,
      updatedAt: 1,
      attempts: 1,
      files: [],
      error: { code: 'x', message: `upstream said: bad token ${ODD_KEY}`, retryable: false },
    } as unknown as Parameters<typeof redactedJob>[0];
    expect(redactedJob(job, [ODD_KEY]).error?.message).not.toContain(ODD_KEY);
  });
});
