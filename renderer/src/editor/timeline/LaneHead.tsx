import type { ReactNode } from 'react';
import { AlertIcon } from '../../ui/icons';

export interface LaneHeadProps {
  label: string;
  /** A second line: counts, "muted", "loading"… */
  detail?: ReactNode;
  /** A rule the lane as a whole breaks (e.g. too many segments). */
  problem?: string | undefined;
  children?: ReactNode;
}

/** The lane's name column; it stays put while the lanes scroll sideways. */
export function LaneHead({ label, detail, problem, children }: LaneHeadProps) {
  return (
    <div className="lane__head">
      <div className="lane__title">
        <span className="lane__label">{label}</span>
        {problem ? (
          <span className="lane__problem" title={problem}>
            <AlertIcon />
            <span>{problem}</span>
          </span>
        ) : detail ? (
          <span className="lane__detail">{detail}</span>
        ) : null}
      </div>
      {children}
    </div>
  );
}
