import {
  LANGUAGE_CODES,
  LANGUAGE_NAMES,
  type LanguageCode,
} from '../../../../shared/api/languages';
import { useDubBatch } from './batch-store';

export interface BatchOptionsProps {
  engine: 'local' | 'remote';
  /** Started: the options are fixed (every request of the batch carries the same ones). */
  locked: boolean;
  /** Languages some sent request asked for: they stay (their cells ran or are running). */
  sent: ReadonlySet<string>;
}

/**
 * The language columns and the options every request of the batch carries. Once started,
 * languages can still be added (only their new cells are planned and charged) but not those
 * already sent.
 */
export function BatchOptions({ engine, locked, sent }: BatchOptionsProps) {
  const languages = useDubBatch((s) => s.languages);
  const ducking = useDubBatch((s) => s.ducking);
  const lipsync = useDubBatch((s) => s.lipsync);
  const exportSrt = useDubBatch((s) => s.exportSrt);
  const { setLanguages, setOption } = useDubBatch.getState();
  const toggle = (code: LanguageCode) =>
    setLanguages(
      languages.includes(code)
        ? languages.filter((c) => c !== code)
        : LANGUAGE_CODES.filter((c) => c === code || languages.includes(c)),
    );
  const lipsyncLocked = engine === 'local';
  return (
    <div className="dub-options">
      <fieldset className="languages">
        <legend className="field__label">
          <span>Languages (columns)</span>
          <span className="field__aside">
            {languages.length} selected
            {locked ? ' · added languages are sent with “Send the rest”' : ''}
          </span>
        </legend>
        <div className="languages__grid">
          {LANGUAGE_CODES.map((code) => {
            const kept = sent.has(code) && languages.includes(code);
            return (
              <label
                key={code}
                className="lang"
                title={kept ? `${code}: already sent in this batch, so it stays` : code}
              >
                <input
                  type="checkbox"
                  checked={languages.includes(code)}
                  disabled={kept}
                  onChange={() => toggle(code)}
                />
                <span>{LANGUAGE_NAMES[code]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="dub-options__flags" disabled={locked}>
        <legend className="field__label">Options</legend>
        {locked && (
          <span className="small faint">
            Fixed once started: every request of a batch carries the same options. Duplicate the
            batch to run it with others.
          </span>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={ducking}
            onChange={(e) => setOption('ducking', e.target.checked)}
          />
          <span>Duck the original under the voice</span>
        </label>
        <label
          className="check"
          title={lipsyncLocked ? 'The local engine cannot lip-sync' : undefined}
        >
          <input
            type="checkbox"
            checked={lipsync && !lipsyncLocked}
            disabled={lipsyncLocked}
            onChange={(e) => setOption('lipsync', e.target.checked)}
          />
          <span>Lip-sync</span>
        </label>
        {lipsyncLocked && (
          <span className="small faint">
            Off on the local engine: it replaces the audio but cannot re-render mouths. Connect the
            cloud service in Settings to lip-sync.
          </span>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={exportSrt}
            onChange={(e) => setOption('exportSrt', e.target.checked)}
          />
          <span>Export re-timed .srt (scripted cells)</span>
        </label>
      </fieldset>
    </div>
  );
}
