/** A cue as both sides of the diff hold it (milliseconds). */
export interface DiffCue {
  startMs: number;
  endMs: number;
  text: string;
}

export interface DiffLine {
  index: number;
  approved: DiffCue | null;
  exported: DiffCue | null;
  /** Start or end moved by more than a frame-ish tolerance. */
  timingChanged: boolean;
  textChanged: boolean;
  /** The service says this cue lost alignment or needs review. */
  flagged: boolean;
}

/** Timing changes under this are rounding, not re-timing. */
const TOLERANCE_MS = 20;

/**
 * Cue numbers (1-based) the service flags in `alignment_loss` or the export's issues. The field's
 * shape is loose across services: a list of numbers, of objects with `cue`/`index`, or an object
 * keyed by cue number.
 */
export function flaggedCues(...values: unknown[]): Set<number> {
  const cues = new Set<number>();
  const visit = (value: unknown) => {
    if (typeof value === 'number' && Number.isInteger(value)) cues.add(value);
    else if (typeof value === 'string' && /^\d+$/.test(value)) cues.add(Number(value));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if ('cue' in record || 'index' in record) visit(record.cue ?? record.index);
      else if ('cues' in record) visit(record.cues);
      else
        Object.keys(record)
          .filter((key) => /^\d+$/.test(key))
          .forEach(visit);
    }
  };
  values.forEach(visit);
  return cues;
}

/** Pairs the approved script with the re-timed export cue by cue (the service keeps the order). */
export function diffCues(
  approved: readonly DiffCue[],
  exported: readonly DiffCue[],
  flagged: ReadonlySet<number>,
): DiffLine[] {
  const length = Math.max(approved.length, exported.length);
  const lines: DiffLine[] = [];
  for (let i = 0; i < length; i += 1) {
    const a = approved[i] ?? null;
    const e = exported[i] ?? null;
    lines.push({
      index: i + 1,
      approved: a,
      exported: e,
      timingChanged:
        !a ||
        !e ||
        Math.abs(a.startMs - e.startMs) > TOLERANCE_MS ||
        Math.abs(a.endMs - e.endMs) > TOLERANCE_MS,
      textChanged: !a || !e || a.text.trim() !== e.text.trim(),
      flagged: flagged.has(i + 1),
    });
  }
  return lines;
}

export function timecode(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${h > 0 ? `${h}:` : ''}${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}
