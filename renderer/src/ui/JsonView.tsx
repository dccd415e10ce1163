import { useMemo } from 'react';
import { tokenizeJson } from '../lib/json-tokens';

/** Pretty-printed JSON with coloured keys and values (text only: nothing is interpreted). */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const tokens = useMemo(
    () => tokenizeJson(JSON.stringify(value, null, 2) ?? 'undefined'),
    [value],
  );
  return (
    <pre className="json-view" aria-label={label} tabIndex={0}>
      {tokens.map((token, index) =>
        token.kind === 'punct' ? (
          token.text
        ) : (
          <span key={index} className={`j-${token.kind}`}>
            {token.text}
          </span>
        ),
      )}
    </pre>
  );
}
