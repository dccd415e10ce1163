import { useRef, useState } from 'react';
import type { EngineChoice } from '../../../../shared/ipc/settings';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Panel } from '../../ui/Panel';
import { formatAgo } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { keyOriginMismatch } from './key-origin';
import { useKeyStatus } from './use-settings';

/** Codes that mean the service refused the key itself (not that it could not be reached). */
const REJECTED_CODES = new Set(['key_rejected', 'key_invalid', 'unauthorized', 'forbidden']);

/** API key entry: verified by main against the service, stored encrypted, never shown again. */
export function KeySection({ engine }: { engine: EngineChoice }) {
  const engineKind = engine.kind;
  const { status, set, clear } = useKeyStatus();
  // Uncontrolled on purpose: a controlled input mirrors its value into the DOM's value
  // attribute, and the key must not sit in the DOM. It is read once, on submit.
  const keyInput = useRef<HTMLInputElement>(null);
  const [hasKey, setHasKey] = useState(false);
  const now = useNow(30_000);
  const key_ = status.data;
  const mismatch = keyOriginMismatch(key_, engine);
  const rejected = set.error
    ? REJECTED_CODES.has(set.error.code)
      ? 'Key rejected'
      : set.error.code === 'key_not_stored'
        ? 'Key not saved'
        : 'Could not verify the key'
    : undefined;

  const verify = () => {
    const trimmed = keyInput.current?.value.trim() ?? '';
    if (!trimmed) return;
    set.mutate(
      { key: trimmed },
      {
        onSuccess: () => {
          if (keyInput.current) keyInput.current.value = '';
          setHasKey(false);
        },
      },
    );
  };

  return (
    <Panel
      title="API key"
      hint={
        engineKind === 'local'
          ? 'Used only with a custom service; the local engine has its own key.'
          : 'Verified against the service before it is stored (encrypted). It is never shown again.'
      }
      label="API key"
    >
      <p className="small" data-testid="settings-key-status">
        {key_?.configured ? (
          <>
            <span className="badge badge--ok">configured</span>
            <span className="mono"> · ••••{key_.last4 ?? ''}</span>
            {key_.verifiedAt ? (
              <span className="muted"> · verified {formatAgo(key_.verifiedAt, now)}</span>
            ) : null}
            {key_.origin ? <span className="muted mono"> · for {key_.origin}</span> : null}
          </>
        ) : (
          <span className="badge badge--warn">no key</span>
        )}
      </p>
      {mismatch && <Notice tone="warn" title={mismatch} testId="settings-key-origin" />}
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          verify();
        }}
      >
        <Field
          label={key_?.configured ? 'Replace key' : 'Key'}
          error={rejected ? `${rejected}: ${set.error?.message}` : undefined}
        >
          {(ids) => (
            <input
              id={ids.id}
              className="input mono"
              type="password"
              data-testid="settings-key"
              autoComplete="off"
              spellCheck={false}
              placeholder="Paste the API key"
              ref={keyInput}
              maxLength={500}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onChange={(e) => setHasKey(e.target.value.trim() !== '')}
            />
          )}
        </Field>
        <div className="row">
          <Button
            type="submit"
            variant="primary"
            data-testid="settings-verify"
            busy={set.isPending}
            disabled={!hasKey}
          >
            Verify &amp; save
          </Button>
          {key_?.configured && (
            <Button
              variant="danger"
              data-testid="settings-key-remove"
              busy={clear.isPending}
              onClick={() => clear.mutate({})}
            >
              Remove key
            </Button>
          )}
          {set.isSuccess && !hasKey && <span className="small muted">Key verified and saved.</span>}
        </div>
      </form>
    </Panel>
  );
}
