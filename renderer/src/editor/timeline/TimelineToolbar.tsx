import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { formatTimecode } from './segment-name';

export interface TimelineToolbarProps {
  playheadMs: number;
  durationMs: number;
  snapping: boolean;
  onSnappingChange?: ((on: boolean) => void) | undefined;
  onZoomIn(): void;
  onZoomOut(): void;
  onFit(): void;
  /** The screen's own timeline actions (Score: shot changes), shown before the view controls. */
  tools?: ReactNode;
}

/** View controls above the lanes; the same actions are on keys (=, -, 0, N) in the screen. */
export function TimelineToolbar(props: TimelineToolbarProps) {
  return (
    <div className="timeline__toolbar">
      <span className="timeline__clock nums">
        <span className="timeline__now">{formatTimecode(props.playheadMs)}</span>
        <span className="timeline__total"> / {formatTimecode(props.durationMs)}</span>
      </span>
      {props.tools}
      <div className="timeline__tools" role="group" aria-label="Timeline view">
        {props.onSnappingChange ? (
          <Button
            size="small"
            variant="ghost"
            className="timeline__snap"
            aria-pressed={props.snapping}
            title="Snap dragged edges to shot changes, the playhead and the other lane (N). Hold Alt while dragging to place an edge freely."
            icon={<MagnetIcon />}
            onClick={() => props.onSnappingChange?.(!props.snapping)}
          >
            Snap
          </Button>
        ) : null}
        <Button
          size="small"
          variant="ghost"
          iconOnly
          aria-label="Zoom out"
          title="Zoom out (−, or Ctrl+wheel)"
          icon={<GlassIcon minus />}
          onClick={props.onZoomOut}
        />
        <Button
          size="small"
          variant="ghost"
          iconOnly
          aria-label="Zoom in"
          title="Zoom in (=, or Ctrl+wheel)"
          icon={<GlassIcon />}
          onClick={props.onZoomIn}
        />
        <Button
          size="small"
          variant="ghost"
          title="Show the whole video (0)"
          icon={<FitIcon />}
          onClick={props.onFit}
        >
          Fit
        </Button>
      </div>
    </div>
  );
}

function ToolIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const GlassIcon = ({ minus }: { minus?: boolean }) => (
  <ToolIcon>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m20 20-4.7-4.7M7.5 10.5h6" />
    {minus ? null : <path d="M10.5 7.5v6" />}
  </ToolIcon>
);

const FitIcon = () => (
  <ToolIcon>
    <path d="M4 9V5h4M20 9V5h-4M4 15v4h4M20 15v4h-4M8 12h8" />
  </ToolIcon>
);

const MagnetIcon = () => (
  <ToolIcon>
    <path d="M6 4v8a6 6 0 0 0 12 0V4h-4v8a2 2 0 0 1-4 0V4zM6 8h4M14 8h4" />
  </ToolIcon>
);
