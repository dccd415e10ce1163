import type { ReactNode } from 'react';
import { InvokeError } from '../bridge/invoke';
import { describeError } from '../lib/error-text';
import { Notice } from './Notice';

/** Shows any failure the same way: what happened, the message, and what to do next. */
export function ErrorNotice({
  error,
  actions,
  testId,
}: {
  error: unknown;
  actions?: ReactNode;
  testId?: string;
}) {
  const info =
    error instanceof InvokeError
      ? error.info
      : typeof error === 'object' && error !== null && 'code' in error && 'message' in error
        ? (error as { kind?: string; code: string; message: string })
        : { code: 'error', message: error instanceof Error ? error.message : String(error) };
  const text = describeError(info);
  return (
    <Notice tone="danger" title={text.title} actions={actions} testId={testId}>
      {text.message}
      {text.advice && (
        <>
          <br />
          <span className="advice">{text.advice}</span>
        </>
      )}
    </Notice>
  );
}
