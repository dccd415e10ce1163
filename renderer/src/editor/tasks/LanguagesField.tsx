import { LANGUAGE_CODES, LANGUAGE_NAMES } from '../../../../shared/api/languages';

export interface LanguagesFieldProps {
  label: string;
  value: string[];
  help?: string | undefined;
  errors: string[];
  /** Languages this machine cannot do, with why: marked, still selectable (the form blocks). */
  unavailable?: Partial<Record<string, string>>;
  onChange: (codes: string[]) => void;
}

/** The supported language codes as toggles, kept in the service's order. */
export function LanguagesField({
  label,
  value,
  help,
  errors,
  unavailable = {},
  onChange,
}: LanguagesFieldProps) {
  const toggle = (code: string) =>
    onChange(
      value.includes(code)
        ? value.filter((c) => c !== code)
        : LANGUAGE_CODES.filter((c) => c === code || value.includes(c)),
    );
  return (
    <fieldset className="field languages">
      <legend className="field__label">
        <span>{label}</span>
        <span className="field__aside">{value.length} selected</span>
      </legend>
      <div className="languages__grid">
        {LANGUAGE_CODES.map((code) => {
          const why = unavailable[code];
          return (
            <label
              key={code}
              className={`lang${why ? ' lang--unavailable' : ''}`}
              title={why ?? code}
              data-testid="language-option"
              data-language={code}
              data-available={why ? 'false' : 'true'}
            >
              <input type="checkbox" checked={value.includes(code)} onChange={() => toggle(code)} />
              <span>{LANGUAGE_NAMES[code]}</span>
              {why && <span className="lang__mark">not offline</span>}
            </label>
          );
        })}
      </div>
      {help && <span className="field__help">{help}</span>}
      {errors.map((message) => (
        <span key={message} className="field__error" role="alert">
          {message}
        </span>
      ))}
    </fieldset>
  );
}
