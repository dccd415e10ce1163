import type { SubtitlesPart } from '../../../../shared/domain/project/subtitles-part';
import type { AlignedRow } from '../../../../shared/domain/subtitles/document';
import { followRows, type RowLayout } from '../../../../shared/domain/subtitles/row-layout';

/** The last layout: the next version of the script is laid out from it (one row per key press). */
let last: RowLayout | null = null;

/** The table's rows in order (the shown languages side by side, matched by cue id). */
export function tableRowsOf(
  part: Pick<SubtitlesPart, 'languages' | 'shown'>,
): readonly AlignedRow[] {
  last = followRows(last, part.languages, part.shown);
  return last.rows;
}
