import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatUsd } from '../../../../shared/api/billing-rates';
import type { FailedRetry } from '../../../../shared/domain/dub';
import { Button } from '../../ui/Button';

/**
 * Asks before R sends every failed request again: each one is a new POST and a new charge, so
 * the count and the price are stated before anything is sent (the pattern of the shortcuts
 * sheet: a modal dialog, Esc or Cancel closes it, Tab stays inside). Cancel has focus first, so
 * a second key press cannot spend money by accident.
 */
export function RetryFailedConfirm({
  retry,
  onConfirm,
  onClose,
}: {
  retry: FailedRetry;
  onConfirm(): void;
  onClose(): void;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('[data-cancel]')?.focus();
  }, []);
  const count = retry.requestKeys.length;
  const requests = `${count} failed request${count === 1 ? '' : 's'}`;
  const price = formatUsd(retry.amount);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const edge = event.shiftKey ? 0 : buttons.length - 1;
    if (buttons.length > 0 && (at === edge || at === -1)) {
      event.preventDefault();
      buttons[event.shiftKey ? buttons.length - 1 : 0]!.focus();
    }
  };

  return (
    <div
      className="dub-confirm-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="dub-confirm"
        data-testid="dub-retry-failed"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>Retry {requests}?</h2>
        <p className="small">
          Each is sent again and charged again:{' '}
          <strong data-testid="dub-retry-failed-cost" data-amount={price.slice(1)}>
            {price}
          </strong>{' '}
          in all.
        </p>
        <div className="row">
          <Button
            variant="primary"
            data-testid="dub-retry-failed-confirm"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            Retry {count} · {price}
          </Button>
          <Button data-cancel variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </div>
  );
}
