import { Button } from '../../ui/Button';
import { invokeResult } from '../../bridge/invoke';
import { useState } from 'react';
import { DubLineRow, type LineCell } from './DubLineRow';
import { useDubLines } from './use-dub-lines';

/**
 * The lines of a finished cell, one per cue of the approved script with the script's own times
 * (the service's re-timed export beside them), each re-dubbable on its own; undo takes back the
 * last line edit (docs/dubbing.md "Re-dub one line").
 */
export function DubLines({ cell, retimed }: { cell: LineCell; retimed?: string }) {
  const { cues, exported, edits } = useDubLines(cell.script, cell.language, cell.dub, retimed);
  const [error, setError] = useState<string | null>(null);
  if (cues.error)
    return (
      <p className="small dub-error" role="alert">
        The approved script cannot be read: {cues.error.message}
      </p>
    );
  if (!cues.data) return <p className="small faint">Reading the script…</p>;
  const all = edits.data?.edits ?? [];
  const spliced = all.filter((edit) => edit.state === 'spliced');
  const failed = all.filter((edit) => edit.state === 'failed');
  const exportedById = new Map((exported.data?.cues ?? []).map((cue) => [cue.id, cue]));
  const undo = async () => {
    setError(null);
    const undone = await invokeResult('dub:lineUndo', { dub: cell.dub });
    if (!undone.ok) setError(undone.error.message);
  };
  return (
    <div className="dub-lines">
      <ol className="dub-lines__list">
        {cues.data.cues.map((cue, index) => {
          const last = [...spliced].reverse().find((edit) => edit.cueId === cue.id);
          return (
            <DubLineRow
              key={cue.id}
              cell={cell}
              cue={cue}
              number={index + 1}
              retimed={exportedById.get(cue.id)}
              spoken={last?.text ?? cue.text}
              pending={all.some((edit) => edit.cueId === cue.id && edit.state === 'pending')}
            />
          );
        })}
      </ol>
      {failed.length > 0 && (
        <p className="small dub-error" role="alert">
          A line re-dub did not finish: {failed[failed.length - 1]!.error} The dub is as it was.
        </p>
      )}
      <div className="row">
        <Button
          size="small"
          data-testid="dub-line-undo"
          disabled={spliced.length === 0}
          onClick={() => void undo()}
          title="Put back the audio from before the last line edit"
        >
          Undo last line edit{spliced.length > 0 ? ` (${spliced.length})` : ''}
        </Button>
        {error && (
          <span className="small dub-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </div>
  );
}
