import { useEffect, useRef } from 'react';
import type { ExportBlockers } from '../../../../shared/domain/subtitles/export-blockers';
import { Button } from '../../ui/Button';

/**
 * Said before an export that has QC errors is written: how many, what they mean for the dubbing
 * service, and the two ways on. Focus moves to it so a keyboard user hears it and can choose.
 */
export function ExportWarning({
  blockers,
  onExportAnyway,
  onShowErrors,
}: {
  blockers: ExportBlockers;
  onExportAnyway(): void;
  onShowErrors(): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector('button')?.focus(), []);
  return (
    <div ref={box} className="subs-export__warning" role="alert" data-testid="subs-export-blocked">
      <p className="small">
        <strong>
          {blockers.count} QC error{blockers.count === 1 ? '' : 's'}.
        </strong>{' '}
        {blockers.summary}
      </p>
      <div className="row">
        <Button size="small" data-testid="subs-export-errors" onClick={onShowErrors}>
          Show the errors
        </Button>
        <Button
          size="small"
          variant="danger"
          data-testid="subs-export-anyway"
          onClick={onExportAnyway}
        >
          Export anyway
        </Button>
      </div>
    </div>
  );
}
