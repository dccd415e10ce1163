import { useState } from 'react';
import type { Settings } from '../../../../shared/ipc/settings';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { Panel } from '../../ui/Panel';
import { checkBaseUrl } from './base-url';
import { useSettings } from './use-settings';

type Choice = 'local' | 'custom';

/** Where requests go: the built-in engine, or a custom service at a checked base URL. */
export function EngineSection({ settings }: { settings: Settings }) {
  const { update } = useSettings();
  const [choice, setChoice] = useState<Choice>(settings.engine.kind);
  const [baseUrl, setBaseUrl] = useState(
    settings.engine.kind === 'custom' ? settings.engine.baseUrl : '',
  );
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState(false);

  // When main's settings change (saved here or elsewhere), the form follows them.
  const [shown, setShown] = useState(settings.engine);
  if (shown !== settings.engine) {
    setShown(settings.engine);
    setChoice(settings.engine.kind);
    if (settings.engine.kind === 'custom') setBaseUrl(settings.engine.baseUrl);
  }

  const check = checkBaseUrl(baseUrl);
  const urlError =
    choice === 'custom' && touched && !check.ok
      ? check.message
      : update.error?.field === 'baseUrl'
        ? update.error.message
        : undefined;
  const current = settings.engine.kind === 'custom' ? `custom:${settings.engine.baseUrl}` : 'local';
  const wanted = choice === 'local' ? 'local' : check.ok ? `custom:${check.url}` : 'invalid';
  const dirty = wanted !== current;

  const save = () => {
    setTouched(true);
    if (choice === 'custom' && !check.ok) return;
    setSaved(false);
    update.mutate(
      {
        engine:
          choice === 'local'
            ? { kind: 'local' }
            : { kind: 'custom', baseUrl: check.ok ? check.url : '' },
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <Panel title="Engine" hint="Where generation requests are sent." label="Engine">
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <fieldset className="settings__choices" aria-label="Engine">
          <label className="radio-card">
            <input
              type="radio"
              name="engine"
              value="local"
              data-testid="settings-engine-local"
              checked={choice === 'local'}
              onChange={() => setChoice('local')}
            />
            <span className="radio-card__text">
              <span>Built-in local engine (offline, default)</span>
              <small>
                Runs on this computer with no account. Results are synthesised locally and carry a
                watermark.
              </small>
            </span>
          </label>
          <label className="radio-card">
            <input
              type="radio"
              name="engine"
              value="custom"
              data-testid="settings-engine-custom"
              checked={choice === 'custom'}
              onChange={() => setChoice('custom')}
            />
            <span className="radio-card__text">
              <span>Custom service</span>
              <small>
                A cloud service speaking the same API. Needs an API key; usage is billed to that
                account.
              </small>
            </span>
          </label>
        </fieldset>
        {choice === 'custom' && (
          <Field
            label="Base URL"
            error={urlError}
            help="The address before /v1, e.g. https://api.example.com. Plain http only for this machine."
          >
            {(ids) => (
              <input
                id={ids.id}
                className="input mono"
                data-testid="settings-base-url"
                type="url"
                inputMode="url"
                spellCheck={false}
                autoComplete="off"
                placeholder="https://api.example.com"
                value={baseUrl}
                aria-invalid={ids.invalid}
                aria-describedby={ids.describedBy}
                onChange={(e) => {
                  setBaseUrl(e.target.value);
                  setSaved(false);
                }}
                onBlur={() => setTouched(true)}
              />
            )}
          </Field>
        )}
        {update.error && update.error.field !== 'baseUrl' && <ErrorNotice error={update.error} />}
        <div className="row">
          <Button
            type="submit"
            variant="primary"
            busy={update.isPending}
            disabled={!dirty}
            data-testid="settings-engine-save"
          >
            Save engine
          </Button>
          {saved && !dirty && <span className="small muted">Saved.</span>}
          {!dirty && !saved && <span className="small faint">No changes.</span>}
        </div>
      </form>
    </Panel>
  );
}
