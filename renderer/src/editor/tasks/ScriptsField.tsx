import { useState } from 'react';
import { LANGUAGE_NAMES, type LanguageCode } from '../../../../shared/api/languages';
import { pickFiles } from '../../bridge/files';
import { errorMessage } from '../../bridge/invoke';
import { baseName } from '../../lib/format';
import { Button } from '../../ui/Button';
import { CloseIcon, UploadIcon } from '../../ui/icons';

export interface ScriptsFieldProps {
  label: string;
  languages: string[];
  value: Record<string, string>;
  help?: string | undefined;
  errors: string[];
  onChange: (scripts: Record<string, string>) => void;
}

/** One optional subtitle script per requested language (subtitles[<lang>]). */
export function ScriptsField({
  label,
  languages,
  value,
  help,
  errors,
  onChange,
}: ScriptsFieldProps) {
  const [problem, setProblem] = useState<string>();
  const choose = async (code: string) => {
    setProblem(undefined);
    try {
      const [path] = await pickFiles('subtitle', false);
      if (path) onChange({ ...value, [code]: path });
    } catch (cause) {
      setProblem(errorMessage(cause));
    }
  };
  const clear = (code: string) =>
    onChange(Object.fromEntries(Object.entries(value).filter(([c]) => c !== code)));
  const extra = Object.keys(value).filter((code) => !languages.includes(code));

  return (
    <fieldset className="field scripts">
      <legend className="field__label">{label}</legend>
      {languages.length === 0 && <span className="faint small">Choose languages first.</span>}
      <ul className="scripts__list">
        {[...languages, ...extra].map((code) => (
          <li key={code}>
            <span className="scripts__lang">{LANGUAGE_NAMES[code as LanguageCode] ?? code}</span>
            {value[code] ? (
              <>
                <span className="mono small" title={value[code]}>
                  {baseName(value[code]!)}
                </span>
                <Button
                  size="small"
                  variant="ghost"
                  iconOnly
                  icon={<CloseIcon />}
                  aria-label={`Remove the ${code} script`}
                  onClick={() => clear(code)}
                />
              </>
            ) : (
              <Button
                size="small"
                variant="ghost"
                icon={<UploadIcon />}
                onClick={() => void choose(code)}
              >
                Choose .srt/.vtt…
              </Button>
            )}
          </li>
        ))}
      </ul>
      {help && <span className="field__help">{help}</span>}
      {[...errors, ...(problem ? [problem] : [])].map((message) => (
        <span key={message} className="field__error" role="alert">
          {message}
        </span>
      ))}
    </fieldset>
  );
}
