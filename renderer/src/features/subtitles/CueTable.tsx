import { useEffect, useMemo, useRef, useState } from 'react';
import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import { CueRow } from './CueRow';
import { editSubs, useSubsView } from './subs-store';
import { tableRowsOf } from './table-rows';
import { cellKey, type SubsChecks } from './use-subs-checks';

/** Fixed row height: what lets the table draw only the rows in view (5,000+ cues stay smooth). */
export const ROW_HEIGHT = 68;
const OVERSCAN = 6;

let scrollToRow: ((index: number) => void) | null = null;
/** Scrolls the table so the row of `cueId` is drawn (the keys call it before focusing a cell). */
export function revealRow(index: number): void {
  scrollToRow?.(index);
}

/** The language choosers above the two columns: every language is one click away. */
function LanguageHeader({ part }: { part: SubtitlesPart }) {
  const all = Object.keys(part.languages);
  const choose = (column: number, language: string) =>
    editSubs('Show language', (current) => {
      const shown = [...current.shown];
      const other = shown.indexOf(language);
      if (other >= 0 && other !== column) shown[other] = shown[column]!;
      shown[column] = language;
      return { ...current, shown };
    });
  // The meter measures the right-hand language (the translation), else the only one shown.
  const spoken = part.shown[part.shown.length - 1];
  return (
    <div className="cue-table__head" role="row">
      <span role="columnheader" className="small muted">
        # · start · end
      </span>
      {part.shown.map((language, column) => (
        <span role="columnheader" key={column}>
          <select
            className="select"
            aria-label={`Language in column ${column + 1}`}
            value={language}
            data-testid="subs-language"
            onChange={(event) => choose(column, event.target.value)}
          >
            {all.map((code) => (
              <option key={code} value={code}>
                {code}
                {code === part.sourceLanguage ? ' (source)' : ''}
              </option>
            ))}
          </select>
        </span>
      ))}
      <span role="columnheader" className="small muted" title="Spoken length over the cue's slot">
        Fits when spoken{spoken ? ` (${spoken})` : ''}
      </span>
    </div>
  );
}

/** The cue grid: the shown languages side by side, matched by cue id; only visible rows exist. */
export function CueTable({
  part,
  checks,
  fps,
}: {
  part: SubtitlesPart;
  checks: SubsChecks;
  /** The video's frame rate, for times typed in frames. */
  fps: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(480);
  const selectedId = useSubsView((s) => s.cueId);
  const selection = useSubsView((s) => s.selection);
  const timeFormat = useSubsView((s) => s.timeFormat);
  const chosen = useMemo(() => new Set(selection), [selection]);
  const rows = useMemo(
    () => tableRowsOf({ languages: part.languages, shown: part.shown }),
    [part.languages, part.shown],
  );
  const warnings = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const w of part.serviceWarnings) {
      const list = map.get(w.cueId);
      if (list) list.push(w.message);
      else map.set(w.cueId, [w.message]);
    }
    return map;
  }, [part.serviceWarnings]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 480));
    observer.observe(element);
    scrollToRow = (index) => {
      const top = index * ROW_HEIGHT;
      if (top < element.scrollTop || top + ROW_HEIGHT > element.scrollTop + element.clientHeight)
        element.scrollTop = Math.max(0, top - element.clientHeight / 3);
      setScrollTop(element.scrollTop);
    };
    return () => {
      observer.disconnect();
      scrollToRow = null;
    };
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const visible = rows.slice(first, last);
  const columns = `9.5rem repeat(${part.shown.length}, minmax(0, 1fr)) 8rem`;

  return (
    <div
      className="cue-table"
      role="grid"
      aria-label="Cues"
      aria-rowcount={rows.length + 1}
      style={{ '--cue-columns': columns } as React.CSSProperties}
    >
      <LanguageHeader part={part} />
      <div
        ref={scroller}
        className="cue-table__scroll"
        data-testid="cue-table"
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <div className="cue-table__space" style={{ height: rows.length * ROW_HEIGHT }}>
          {visible.map((row, offset) => {
            const index = first + offset;
            return (
              <CueRow
                key={row.id}
                id={row.id}
                index={index}
                languages={part.shown}
                cues={part.shown.map((language) => row.cues[language])}
                issues={part.shown.map((language) => checks.byCell.get(cellKey(language, row.id)))}
                glossary={part.shown.map((language) =>
                  checks.glossaryByCell.get(cellKey(language, row.id)),
                )}
                warnings={warnings.get(row.id) ?? NONE}
                selected={row.id === selectedId || chosen.has(row.id)}
                timeFormat={timeFormat}
                fps={fps}
                style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, height: ROW_HEIGHT }}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

const NONE: string[] = [];
