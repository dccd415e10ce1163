import { withSpokenLines } from '../../../../shared/domain/dub/lines';
import { useApiQuery } from '../../bridge/query';
import { diffCues, flaggedCues, timecode, type DiffCue } from './srt-diff';

/**
 * The approved script beside the service's re-timed .srt: moved timings and cues the service
 * flags (alignment_loss, exported_review_required) are highlighted. The .srt side shows the
 * words of lines re-dubbed since (the dub's spliced line edits), as Export all writes it.
 */
export function SrtDiff({
  approved,
  exported,
  report,
  dub,
}: {
  approved: string;
  exported: string;
  report: Record<string, unknown>;
  /** The dub video whose line edits change what the .srt's lines say. */
  dub?: string;
}) {
  const left = useApiQuery('subtitles:read', { path: approved }, { staleTime: Infinity });
  const right = useApiQuery('subtitles:read', { path: exported }, { staleTime: Infinity });
  const edits = useApiQuery('dub:lineEdits', { dub: dub ?? '' }, { enabled: !!dub });
  if (left.error || right.error)
    return (
      <p className="small dub-error" role="alert" data-testid="dub-srt-diff">
        Cannot compare: {(left.error ?? right.error)?.message}
      </p>
    );
  if (!left.data || !right.data) return <p className="small faint">Reading both scripts…</p>;
  const reviewAll = report.status === 'exported_review_required';
  const flagged = flaggedCues(report.alignment_loss, report.issues);
  const spoken = withSpokenLines(right.data.cues, edits.data?.edits ?? []);
  const lines = diffCues(left.data.cues as DiffCue[], spoken as DiffCue[], flagged);
  const moved = lines.filter((line) => line.timingChanged).length;
  return (
    <div className="dub-diff" data-testid="dub-srt-diff">
      <p className="small">
        {moved} of {lines.length} cue{lines.length === 1 ? '' : 's'} re-timed
        {flagged.size > 0 ? ` · ${flagged.size} flagged by the service` : ''}
        {reviewAll ? ' · the service asks for a review of this export' : ''}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Approved</th>
            <th scope="col">Re-timed</th>
            <th scope="col">Text</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr
              key={line.index}
              className={[
                line.timingChanged && 'dub-diff--moved',
                (line.flagged || reviewAll) && 'dub-diff--flagged',
              ]
                .filter(Boolean)
                .join(' ')}
              data-changed={line.timingChanged || undefined}
              data-flagged={line.flagged || undefined}
            >
              <td>{line.index}</td>
              <td className="mono">{span(line.approved)}</td>
              <td className="mono">{span(line.exported)}</td>
              <td>{line.exported?.text ?? line.approved?.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const span = (cue: DiffCue | null) =>
  cue ? `${timecode(cue.startMs)} → ${timecode(cue.endMs)}` : 'missing';
