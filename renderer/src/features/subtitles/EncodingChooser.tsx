import { useId } from 'react';
import {
  ENCODING_INFO,
  SUBTITLE_ENCODINGS,
  type SubtitleEncoding,
} from '../../../../shared/domain/subtitles/encodings';
import { Button } from '../../ui/Button';
import { useEncodingChoice } from './encoding-choice';
import { fileName } from './import-script';
import { confirmEncoding, previewEncoding } from './use-subs-import';

/** Options grouped by script; the BOM variant is a property of the file, not a choice. */
const GROUPS = SUBTITLE_ENCODINGS.filter((encoding) => encoding !== 'utf-8-bom').reduce(
  (groups, encoding) => {
    const group = ENCODING_INFO[encoding].group;
    (groups[group] ??= []).push(encoding);
    return groups;
  },
  {} as Record<string, SubtitleEncoding[]>,
);

/**
 * Shown when the detector could not decide a file's encoding: the file's first lines as they
 * read in the chosen encoding, a chooser (options named by encoding) that re-reads them as the
 * user picks, and Import / Cancel. Nothing is imported until the user confirms.
 */
export function EncodingChooser() {
  const pending = useEncodingChoice((s) => s.pending);
  const clear = useEncodingChoice((s) => s.set);
  const selectId = useId();
  const titleId = useId();
  if (!pending) return null;
  const { read } = pending;
  const likely = read.encodingCandidates
    .slice(0, 3)
    .map((c) => ENCODING_INFO[c.encoding].name)
    .join(', ');
  return (
    <div
      className="subs-encoding"
      role="group"
      aria-labelledby={titleId}
      data-testid="subs-encoding-chooser"
    >
      <p id={titleId} className="small">
        <strong>{fileName(pending.path)}</strong>: the text encoding could not be decided
        {likely ? ` (likely: ${likely})` : ''}. Pick the one in which the preview reads right, then
        import.
      </p>
      <div className="row">
        <label htmlFor={selectId} className="small">
          Encoding
        </label>
        <select
          id={selectId}
          className="select subs-encoding__select"
          data-testid="subs-encoding-select"
          value={read.encoding}
          onChange={(event) => void previewEncoding(event.target.value as SubtitleEncoding)}
        >
          {Object.entries(GROUPS).map(([group, encodings]) => (
            <optgroup key={group} label={group}>
              {encodings.map((encoding) => (
                <option key={encoding} value={encoding}>
                  {ENCODING_INFO[encoding].name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <Button
          variant="primary"
          size="small"
          data-testid="subs-encoding-import"
          busy={pending.loading}
          disabled={pending.loading}
          onClick={() => void confirmEncoding()}
        >
          Import as {ENCODING_INFO[read.encoding].name}
        </Button>
        <Button
          variant="ghost"
          size="small"
          data-testid="subs-encoding-cancel"
          onClick={() => clear(null)}
        >
          Cancel
        </Button>
      </div>
      {pending.error && (
        <p className="small subs-import__error" role="alert">
          {pending.error}
        </p>
      )}
      <pre
        className="subs-encoding__preview"
        data-testid="subs-encoding-preview"
        data-encoding={read.encoding}
        tabIndex={0}
        aria-label={`Preview in ${ENCODING_INFO[read.encoding].name}`}
        aria-busy={pending.loading || undefined}
      >
        {read.preview}
      </pre>
    </div>
  );
}
