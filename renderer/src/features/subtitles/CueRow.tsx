import { memo, type CSSProperties } from 'react';
import type { Cue } from '../../../../shared/domain/subtitles/cue';
import { clockTime } from '../../../../shared/domain/subtitles/cue';
import { setCueText } from '../../../../shared/domain/subtitles/edits';
import { estimateFit, FIT_WARNING_RATIO } from '../../../../shared/domain/subtitles/fit';
import type { GlossaryViolation } from '../../../../shared/domain/subtitles/glossary';
import * as player from '../../editor/media/player';
import { editLanguage, useSubsView } from './subs-store';
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
  selected: boolean;
  style: CSSProperties;
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
  const select = (language?: string) => {
    useSubsView.getState().set({ cueId: id, ...(language ? { language } : {}) });
    if (timing) player.seek(timing.startMs);
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
      onClick={() => select()}
    >
      <div className="cue-row__time nums small" role="cell">
        <span className="faint">{index + 1}</span>
        <span>{timing ? clockTime(timing.startMs) : '–'}</span>
        <span className="faint">{timing ? clockTime(timing.endMs) : ''}</span>
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
                value={cue.text}
                onFocus={() => select(language)}
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
});
