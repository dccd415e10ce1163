import { memo, type CSSProperties, type MouseEvent } from 'react';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { setCueText } from '../../../../shared/domain/subtitles/edits';
import { estimateFit, FIT_WARNING_RATIO } from '../../../../shared/domain/subtitles/fit';
import type { GlossaryViolation } from '../../../../shared/domain/subtitles/glossary';
import type { TimeFormat } from '../../../../shared/domain/subtitles/timecode';
import * as player from '../../editor/media/player';
import { lendForm, returnForm } from '../../ui/own-form';
import { rememberCaret } from './edit-actions';
import { clickRow } from './selection';

import { TimeField } from './TimeField';
import { editLanguage } from './subs-store';
import { SpellFlags } from './SpellFlags';
import type { LanguageIssue } from './use-subs-checks';

export interface CueRowProps {
  id: string;
  index: number;
  languages: readonly string[];
  cues: readonly (Cue | undefined)[];
  issues: readonly (readonly LanguageIssue[] | undefined)[];
  glossary: readonly (readonly GlossaryViolation[] | undefined)[];
  warnings: readonly string[];
  /** The current cue or one of the selected rows. */
  selected: boolean;
  timeFormat: TimeFormat;
  fps: number;
  style: CSSProperties;
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a === b || (a.length === b.length && a.every((item, i) => item === b[i]));

/**
 * Props equal item by item: the table builds new arrays for every row on each render, but a
 * row whose cues, checks and place did not change must not re-render (typing in one cell of a
 * 5,000-cue script redraws one row; docs/subtitles.md, "Speed").
 */
function sameRow(a: CueRowProps, b: CueRowProps): boolean {
  return (
    a.id === b.id &&
    a.index === b.index &&
    a.selected === b.selected &&
    a.timeFormat === b.timeFormat &&
    a.fps === b.fps &&
    a.style.transform === b.style.transform &&
    a.style.height === b.style.height &&
    sameItems(a.languages, b.languages) &&
    sameItems(a.cues, b.cues) &&
    sameItems(a.issues, b.issues) &&
    sameItems(a.glossary, b.glossary) &&
    sameItems(a.warnings, b.warnings)
  );
}

/** The fit of the spoken line (the right-hand language, else the left) in its slot. */
function FitMeter({ cue, language }: { cue: Cue | undefined; language: string }) {
  if (!cue) return <span className="cue-fit" />;
  const fit = estimateFit(cue, { textLanguage: language });
  const ratio = Number.isFinite(fit.ratio) ? fit.ratio : 99;
  const warn = ratio > FIT_WARNING_RATIO;
  return (
    <span
      className={`cue-fit${warn ? ' cue-fit--warn' : ratio > 1 ? ' cue-fit--tight' : ''}`}
      data-testid="fit-meter"
      data-ratio={ratio}
      title={`Spoken in about ${(fit.spokenMs / 1000).toFixed(1)} s of a ${(fit.slotMs / 1000).toFixed(1)} s slot${warn ? ': too long to dub comfortably' : ''}`}
    >
      <span className="cue-fit__bar" style={{ width: `${Math.min(100, (ratio / 1.5) * 100)}%` }} />
      <span className="cue-fit__value nums">{ratio.toFixed(2)}×</span>
    </span>
  );
}

/** One row of the cue table: times, one editable cell per shown language, its checks. */
export const CueRow = memo(function CueRow(props: CueRowProps) {
  const { id, index, languages, cues, issues, glossary, warnings, selected, style } = props;
  const timing = cues.find(Boolean);
  const select = (event: MouseEvent | null, language?: string) => {
    clickRow(id, {
      shift: !!event?.shiftKey,
      toggle: !!event && (event.ctrlKey || event.metaKey),
      ...(language ? { language } : {}),
    });
    if (timing && !event?.shiftKey) player.seek(timing.startMs);
  };
  const fitLanguage = cues[1] ? languages[1]! : languages[0]!;
  return (
    <div
      className={`cue-row${selected ? ' cue-row--selected' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      style={style}
      data-testid="cue-row"
      data-cue-id={id}
      data-start-ms={timing?.startMs}
      data-end-ms={timing?.endMs}
      onClick={(event) => select(event)}
    >
      <div className="cue-row__time nums small" role="cell">
        <span className="faint">{index + 1}</span>
        {timing && (
          <>
            <TimeField {...timeProps(props, timing)} edge="start" />
            <TimeField {...timeProps(props, timing)} edge="end" />
          </>
        )}
      </div>
      {languages.map((language, column) => {
        const cue = cues[column];
        const cellIssues = issues[column] ?? [];
        const cellGlossary = glossary[column] ?? [];
        const flagged = cellIssues.length > 0 || cellGlossary.length > 0;
        return (
          <div key={language} className="cue-row__cell" role="cell">
            {cue ? (
              <textarea
                className={`cue-text${flagged ? ' cue-text--flagged' : ''}`}
                data-testid="cue-text"
                data-lang={language}
                data-cue-id={id}
                aria-label={`Cue ${index + 1} text, ${language}`}
                rows={2}
                spellCheck={false}
                value={cue.text}
                onFocus={(event) => {
                  lendForm(event);
                  select(null, language);
                }}
                onBlur={returnForm}
                onMouseDown={(event) => {
                  // Shift/Ctrl-click on a text picks rows (the row's click does it), not the text.
                  if (event.shiftKey || event.ctrlKey || event.metaKey) event.preventDefault();
                }}
                onSelect={(event) =>
                  rememberCaret(id, language, event.currentTarget.selectionStart)
                }
                onChange={(event) =>
                  editLanguage(
                    'Edit cue text',
                    language,
                    (list) => setCueText(list, id, event.target.value),
                    `text:${language}:${id}`,
                  )
                }
              />
            ) : (
              <span className="faint small">no {language} cue</span>
            )}
            {flagged && (
              <span className="cue-row__flags small" data-testid="cue-flags">
                {[...cellIssues.map((i) => i.message), ...cellGlossary.map((g) => g.message)]
                  .slice(0, 2)
                  .join(' · ')}
              </span>
            )}
            {cue && <SpellFlags cueId={id} language={language} text={cue.text} />}
          </div>
        );
      })}
      <div className="cue-row__side" role="cell">
        <FitMeter cue={cues[1] ?? cues[0]} language={fitLanguage} />
        {warnings.length > 0 && (
          <span
            className="cue-row__warning small"
            data-testid="service-warning"
            title={warnings.join('\n')}
          >
            ⚠ {warnings[0]}
          </span>
        )}
      </div>
    </div>
  );
}, sameRow);

const timeProps = (props: CueRowProps, cue: Cue) => ({
  cueId: props.id,
  cue,
  format: props.timeFormat,
  fps: props.fps,
  number: props.index + 1,
});
