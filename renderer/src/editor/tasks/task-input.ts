import type { BillingUnits } from '../../../../shared/api/billing-rates';
import { checkRequestMedia, type MediaFacts } from '../../../../shared/api/requests/media-checks';
import { parseTaskRequest, type TaskRequest } from '../../../../shared/api/requests/registry';
import type { SegmentProblem } from '../../../../shared/api/segments';
import { taskJob, type TaskJobInput } from '../../../../shared/domain/jobs/task-job';
import { baseName } from '../../lib/format';
import { segmentsOf, type SegmentRow } from '../music/music-form';
import type { FieldSpec, TaskSpec } from './task-specs';

export interface SegmentsValue {
  enabled: boolean;
  rows: SegmentRow[];
}

/** Form state by field name; sources keep their file and URL under their own names. */
export type TaskValues = Record<string, unknown>;

export type Delivery = 'stream' | 'async';

export function initialValues(spec: TaskSpec): TaskValues {
  const values: TaskValues = spec.streamable ? { mode: 'stream' } : {};
  for (const field of spec.fields) {
    switch (field.kind) {
      case 'source':
        values[field.file] = '';
        values[field.url] = '';
        break;
      case 'text':
      case 'language':
        values[field.name] = '';
        break;
      case 'integer':
      case 'number':
        values[field.name] = String(field.initial);
        break;
      case 'boolean':
        values[field.name] = field.initial;
        break;
      case 'choice':
        values[field.name] = field.initial;
        break;
      case 'languages':
        values[field.name] = [...field.initial];
        break;
      case 'segments':
        values[field.name] = { enabled: false, rows: [] } satisfies SegmentsValue;
        break;
      case 'scripts':
        values[field.name] = {};
        break;
    }
  }
  return values;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function isAsyncOnly(field: FieldSpec): boolean {
  return (
    (field.kind === 'boolean' || field.kind === 'choice' || field.kind === 'integer') &&
    field.asyncOnly === true
  );
}

/** The structured request shared/api/requests validates, from the form state. */
export function requestInput(spec: TaskSpec, values: TaskValues): Record<string, unknown> {
  const streaming = spec.streamable && values.mode === 'stream';
  const input: Record<string, unknown> = spec.streamable ? { mode: values.mode } : {};
  for (const field of spec.fields) {
    // A stream request must not carry async-only settings; the service refuses them.
    if (streaming && isAsyncOnly(field)) continue;
    switch (field.kind) {
      case 'source': {
        const file = str(values[field.file]);
        const url = str(values[field.url]).trim();
        if (file) input[field.file] = file;
        if (url) input[field.url] = url;
        break;
      }
      case 'text':
        input[field.name] = str(values[field.name]);
        break;
      case 'integer':
      case 'number': {
        // Blank or unreadable text stays NaN, so the schema's range message shows at the field.
        const text = str(values[field.name]).trim();
        input[field.name] = text === '' ? Number.NaN : Number(text);
        break;
      }
      case 'boolean':
        input[field.name] = values[field.name] === true;
        break;
      case 'choice':
        input[field.name] = str(values[field.name]);
        break;
      case 'languages':
        input[field.name] = Array.isArray(values[field.name]) ? values[field.name] : [];
        break;
      case 'language':
        if (str(values[field.name])) input[field.name] = str(values[field.name]);
        break;
      case 'segments': {
        const segments = values[field.name] as SegmentsValue | undefined;
        if (segments?.enabled) input[field.name] = segmentsOf(segments.rows);
        break;
      }
      case 'scripts': {
        const scripts = (values[field.name] ?? {}) as Record<string, string>;
        const chosen = Object.entries(scripts).filter(([, path]) => path);
        input[field.name] = Object.fromEntries(
          chosen.map(([code, path]) => [code, { file: path }]),
        );
        break;
      }
    }
  }
  return input;
}

export interface TaskCheck {
  /** Messages by form field name (the first part of the problem's path). */
  problems: Map<string, string[]>;
  /** Segment problems by row index (-1 = the list), for the segments editor. */
  segmentProblems: Map<number, SegmentProblem[]>;
  request?: TaskRequest<TaskSpec['type']>;
  blocker?: string;
}

function addProblem(check: TaskCheck, path: string, message: string): void {
  const parts = path.split('.');
  if (parts[0] === 'segments') {
    const index = parts[1] === undefined ? -1 : Number(parts[1]);
    const field = (parts[2] ?? 'list') as SegmentProblem['field'];
    const list = check.segmentProblems.get(index) ?? [];
    list.push({ index, field, message });
    check.segmentProblems.set(index, list);
    return;
  }
  const key = parts[0] || 'form';
  check.problems.set(key, [...(check.problems.get(key) ?? []), message]);
}

/**
 * Validates the form with the service's own rules (shared/api/requests), plus the probed media
 * of the source file (duration caps, tracks, size) when known. `media` maps file field -> facts.
 */
export function checkTask(
  spec: TaskSpec,
  values: TaskValues,
  media: Record<string, MediaFacts> = {},
  maxUploadMb?: number,
): TaskCheck {
  const check: TaskCheck = { problems: new Map(), segmentProblems: new Map() };
  const parsed = parseTaskRequest(spec.type, requestInput(spec, values));
  if (!parsed.ok) {
    for (const problem of parsed.error) addProblem(check, problem.path, problem.message);
  } else {
    check.request = parsed.value;
    for (const [fileField, facts] of Object.entries(media)) {
      if (!str(values[fileField])) continue;
      for (const problem of checkRequestMedia(
        spec.type,
        parsed.value as { segments?: [] },
        facts,
        maxUploadMb,
      )) {
        addProblem(check, problem.path === 'media' ? fileField : problem.path, problem.message);
      }
    }
  }
  const first =
    [...check.problems.values()][0]?.[0] ?? [...check.segmentProblems.values()][0]?.[0]?.message;
  if (first) {
    check.blocker = first;
    delete check.request;
  }
  return check;
}

/** What the Jobs list calls the job: the task and its main input. */
export function taskLabel(spec: TaskSpec, values: TaskValues): string {
  const source = spec.fields.find((field) => field.kind === 'source');
  const input = source ? str(values[source.file]) || str(values[source.url]) : '';
  const prompt = spec.fields.find((field) => field.kind === 'text');
  const text = prompt ? str(values[prompt.name]).trim() : '';
  const detail = input ? baseName(input) : text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return detail ? `${spec.title}: ${detail}` : spec.title;
}

/** The `jobs:submit` request for a checked form: main builds the HTTP form from it. */
export function buildTaskJob(
  spec: TaskSpec,
  request: TaskRequest<TaskSpec['type']>,
  label: string,
): TaskJobInput {
  return taskJob(spec.type, request, label);
}

export function deliveryOf(spec: TaskSpec, values: TaskValues): Delivery {
  return spec.streamable && values.mode === 'stream' ? 'stream' : 'async';
}

/** What the click will be billed on, when the form tells it (a URL source has no known length). */
export function billingUnits(
  spec: TaskSpec,
  values: TaskValues,
  media: Record<string, MediaFacts>,
): BillingUnits | undefined {
  const count = (name: string) =>
    Array.isArray(values[name]) ? (values[name] as unknown[]).length : 0;
  let seconds: number | undefined;
  if (spec.type === 'text_to_sfx') {
    const duration = Number(str(values.duration));
    seconds = Number.isFinite(duration) && duration > 0 ? duration : undefined;
  } else {
    const source = spec.fields.find((field) => field.kind === 'source');
    seconds = source?.kind === 'source' ? media[source.file]?.durationSeconds : undefined;
  }
  if (seconds === undefined) return undefined;
  const units: BillingUnits = { type: spec.type, seconds };
  if (spec.type === 'dubbing' || spec.type === 'proofread') units.languages = count('languages');
  if (spec.type === 'dubbing')
    units.scripts =
      Object.keys((values.subtitles as Record<string, string> | undefined) ?? {}).length > 0;
  // Every variant is billed (music and sound takes, analysis briefs); a stream is one take.
  const variantsField = spec.fields.find(
    (field) => field.kind === 'integer' && field.name === 'variants_num',
  );
  const streamed =
    variantsField && isAsyncOnly(variantsField) && deliveryOf(spec, values) === 'stream';
  if (variantsField && !streamed) units.variants = Number(str(values.variants_num)) || 1;
  return units;
}

/** The form's values with the settings the local engine requires applied (e.g. lipsync off). */
export function withLocalEngineValues(spec: TaskSpec, values: TaskValues): TaskValues {
  const forced = spec.fields.flatMap((field) =>
    field.kind === 'boolean' && field.localEngine
      ? [[field.name, field.localEngine.value] as const]
      : [],
  );
  return forced.length === 0 ? values : { ...values, ...Object.fromEntries(forced) };
}
