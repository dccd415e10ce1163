import { LIMITS, MUSIC_OUTPUT_FORMATS } from '../../../../shared/api/limits';
import { charCount } from '../../../../shared/api/requests/common';
import { textToMusicRequestSchema } from '../../../../shared/api/requests/music';
import { checkSegments, type Segment, type SegmentProblem } from '../../../../shared/api/segments';
import type { TaskRequestInput } from '../../../../shared/api/requests/registry';
import { taskJob, type TaskJobInput } from '../../../../shared/domain/jobs/task-job';

export type MusicDelivery = 'stream' | 'async';
export type MusicOutputFormat = (typeof MUSIC_OUTPUT_FORMATS)[number];

/** One editable segment row; times stay text while typed so "1." is not rewritten mid-edit. */
export interface SegmentRow {
  id: string;
  start: string;
  end: string;
  prompt: string;
}

export interface MusicForm {
  prompt: string;
  duration: number;
  useSegments: boolean;
  segments: SegmentRow[];
  delivery: MusicDelivery;
  outputFormat: MusicOutputFormat;
  /** Takes to generate (async only; the service's default is 1). NaN while the box is blank. */
  variants: number;
  /** Split each take into drums, bass, vocals and other (async only; default off). */
  stems: boolean;
}

export const DEFAULT_MUSIC_FORM: MusicForm = {
  prompt: '',
  duration: 30,
  useSegments: false,
  segments: [],
  delivery: 'stream',
  outputFormat: 'm4a',
  variants: 1,
  stems: false,
};

export interface MusicFormCheck {
  prompt?: string;
  duration?: string;
  variants?: string;
  /** Problems by row index; -1 holds problems of the list as a whole. */
  segments: Map<number, SegmentProblem[]>;
  /** The first reason the form cannot be sent, for the disabled Generate button. */
  blocker?: string;
  ok: boolean;
}

export { charCount };

export function segmentsOf(rows: readonly SegmentRow[]): Segment[] {
  return rows.map((row) => ({
    start: parseTime(row.start),
    end: parseTime(row.end),
    prompt: row.prompt,
  }));
}

function parseTime(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The form's request without its segments. The service takes a non-m4a format, variants and
 * stems only for async generations (docs/api-notes.md 6.1).
 */
function musicRequestInput(form: MusicForm): TaskRequestInput<'text_to_music'> {
  return {
    prompt: form.prompt,
    duration: form.duration,
    mode: form.delivery,
    ...(form.delivery === 'async'
      ? { output_format: form.outputFormat, variants_num: form.variants, stems: form.stems }
      : {}),
  };
}

/**
 * Every rule the service applies to a text-to-music request, checked before anything is sent:
 * prompt and duration by the shared request schema, the rows by the shared segment rules (run
 * apart, so row problems show while the prompt is still being typed).
 */
export function checkMusicForm(form: MusicForm): MusicFormCheck {
  const check: MusicFormCheck = { segments: new Map(), ok: true };
  const parsed = textToMusicRequestSchema.safeParse(musicRequestInput(form));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'prompt') check.prompt ??= issue.message;
    else if (field === 'duration') check.duration ??= issue.message;
    else if (field === 'variants_num') check.variants ??= issue.message;
  }

  if (form.useSegments) {
    const problems = checkSegments(
      segmentsOf(form.segments),
      check.duration ? undefined : form.duration,
    );
    for (const problem of problems) {
      const list = check.segments.get(problem.index) ?? [];
      list.push(problem);
      check.segments.set(problem.index, list);
    }
  }

  const firstSegmentProblem = [...check.segments.values()][0]?.[0]?.message;
  check.blocker =
    check.prompt ??
    check.duration ??
    check.variants ??
    (firstSegmentProblem ? `Fix the segments: ${firstSegmentProblem}` : undefined);
  check.ok = check.blocker === undefined;
  return check;
}

/** The `jobs:submit` request for a checked form: main builds the HTTP form from it. */
export function buildMusicRequest(form: MusicForm): TaskJobInput<'text_to_music'> {
  const prompt = form.prompt.trim();
  const short = charCount(prompt) > 48 ? `${[...prompt].slice(0, 47).join('')}…` : prompt;
  return taskJob(
    'text_to_music',
    {
      ...musicRequestInput(form),
      prompt,
      ...(form.useSegments
        ? {
            segments: segmentsOf(form.segments).map((s) => ({ ...s, prompt: s.prompt.trim() })),
          }
        : {}),
    },
    `Music: ${short}`,
  );
}

let rowCounter = 0;
export function newRowId(): string {
  rowCounter += 1;
  return `seg-${Date.now().toString(36)}-${rowCounter}`;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Adds a row keeping the list contiguous: the first row spans the whole duration, later rows
 * split the last row in half, so a fresh list is always valid apart from its prompts.
 */
export function addSegmentRow(rows: readonly SegmentRow[], duration: number): SegmentRow[] {
  const last = rows[rows.length - 1];
  if (!last) return [{ id: newRowId(), start: '0', end: String(duration), prompt: '' }];
  const start = Number(last.start);
  const end = Number(last.end);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end - start < 2) {
    return [...rows, { id: newRowId(), start: last.end, end: String(duration), prompt: '' }];
  }
  const middle = String(round(start + (end - start) / 2));
  return [
    ...rows.slice(0, -1),
    { ...last, end: middle },
    { id: newRowId(), start: middle, end: last.end, prompt: '' },
  ];
}

/** Removes a row and closes the gap by stretching the row before it (or pulling the next to 0). */
export function removeSegmentRow(rows: readonly SegmentRow[], id: string): SegmentRow[] {
  const index = rows.findIndex((row) => row.id === id);
  if (index === -1) return [...rows];
  const removed = rows[index]!;
  const next = rows.filter((row) => row.id !== id);
  if (index > 0) next[index - 1] = { ...next[index - 1]!, end: removed.end };
  else if (next[0]) next[0] = { ...next[0], start: '0' };
  return next;
}

/**
 * A Music draft from a video-analysis brief: its segments become the timed rows, the chosen
 * variation (else the first segment's prompt) the overall prompt, and the duration its end.
 */
export function draftFromBrief(
  segments: readonly Segment[],
  variation?: string,
): Pick<MusicForm, 'prompt' | 'duration' | 'useSegments' | 'segments'> {
  const { min, max } = LIMITS.textToMusicDuration;
  const end = segments[segments.length - 1]?.end ?? min;
  return {
    prompt: (variation ?? segments[0]?.prompt ?? '').trim(),
    duration: Math.min(max, Math.max(min, Math.round(end))),
    useSegments: segments.length > 0,
    segments: segments.map((segment) => ({
      id: newRowId(),
      start: String(segment.start),
      end: String(segment.end),
      prompt: segment.prompt,
    })),
  };
}
