import { useState } from 'react';
import { formatUsd } from '../../../../shared/api/billing-rates';
import type { LanguageCode } from '../../../../shared/api/languages';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { estimateFit } from '../../../../shared/domain/subtitles/fit';
import { invokeResult } from '../../bridge/invoke';
import { useApiQuery } from '../../bridge/query';
import { Button } from '../../ui/Button';
import { timecode } from './srt-diff';
import { useLineDrafts } from './line-edits-store';

export interface LineCell {
  key: string;
  video: string;
  dub: string;
  script: string;
  language: LanguageCode;
  ducking: boolean;
}

/**
 * One line of a finished dub: the script's times, its text, the words to speak (editable), the
 * fit meter, the exact price of re-dubbing it (stated before the click) and a play button.
 */
export function DubLineRow({
  cell,
  cue,
  number,
  retimed,
  spoken,
  pending,
}: {
  cell: LineCell;
  cue: Cue;
  /** The line's number in the script (1-based), as people count lines; the cue id is internal. */
  number: number;
  /** The service's re-timed cue for this line, when it exported one. */
  retimed?: Cue;
  /** The words the dub speaks now (the last spliced edit, else the script). */
  spoken: string;
  pending: boolean;
}) {
  const draft = useLineDrafts((s) => s.drafts[cell.key]?.[cue.id]);
  const text = draft ?? spoken;
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ref = {
    video: cell.video,
    dub: cell.dub,
    script: cell.script,
    language: cell.language,
    ducking: cell.ducking,
    cueId: cue.id,
  };
  // The price depends on the window, not the words: one quote per line, not per keystroke.
  const quote = useApiQuery('dub:lineQuote', { ...ref, text: '' }, { staleTime: 60_000 });
  const fit = estimateFit({ ...cue, text }, { textLanguage: cell.language });
  const changed = text.trim() !== spoken.trim();
  const label = `Line ${number}`;

  const redub = async () => {
    setError(null);
    setSending(true);
    const sent = await invokeResult('dub:lineRedub', { ...ref, text });
    setSending(false);
    if (!sent.ok) setError(sent.error.message);
    else useLineDrafts.getState().clearDraft(cell.key, cue.id);
  };

  return (
    <li
      className="dub-line"
      data-testid="dub-line"
      data-cue-id={cue.id}
      data-start-ms={cue.startMs}
      data-end-ms={cue.endMs}
    >
      <div className="dub-line__head">
        <strong className="dub-line__number">{label}</strong>
        <span className="dub-line__time small">
          {timecode(cue.startMs)} → {timecode(cue.endMs)}
        </span>
        {retimed && (
          <span
            className="dub-line__time small faint"
            title="The service's re-timed export of this line"
          >
            re-timed {timecode(retimed.startMs)} → {timecode(retimed.endMs)}
          </span>
        )}
        <Button
          size="small"
          variant="ghost"
          className="dub-line__play"
          aria-label={`Play ${label.toLowerCase()} in the dub`}
          onClick={() => useLineDrafts.getState().playLine(cell.key, cue.startMs, cue.endMs)}
        >
          ▶ Play
        </Button>
      </div>
      <p className="small dub-line__source">{cue.text}</p>
      <label className="field">
        <span className="field__label">Dubbed words of {label.toLowerCase()}</span>
        <textarea
          className="textarea"
          data-testid="dub-line-text"
          value={text}
          rows={2}
          onChange={(event) =>
            useLineDrafts.getState().setDraft(cell.key, cue.id, event.currentTarget.value)
          }
        />
      </label>
      <p className={`small dub-fit dub-fit--${fit.verdict}`} role="status">
        {fit.verdict === 'too_long'
          ? `Will not fit its ${(fit.slotMs / 1000).toFixed(1)} s slot (about ${(fit.spokenMs / 1000).toFixed(1)} s spoken): shorten it, or the voice is sped up past what stays clear.`
          : fit.verdict === 'tight'
            ? 'Tight: the voice is sped up a little to fit.'
            : 'Fits its slot.'}
      </p>
      <div className="row">
        {quote.data ? (
          <span className="small" data-testid="dub-line-cost" data-amount={quote.data.amountText}>
            {formatUsd(quote.data.amount)} · {quote.data.seconds.toFixed(2)} s window (
            {timecode(quote.data.startMs)}–{timecode(quote.data.endMs)})
          </span>
        ) : (
          <span className="small faint">
            {quote.error ? quote.error.message : 'Pricing the line…'}
          </span>
        )}
        <Button
          size="small"
          data-testid="dub-line-redub"
          disabled={!changed || !quote.data || pending || !text.trim()}
          busy={sending || pending}
          title={quote.data?.explanation}
          onClick={() => void redub()}
        >
          {pending ? 'Re-dubbing…' : 'Re-dub this line'}
        </Button>
      </div>
      {error && (
        <p className="small dub-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
