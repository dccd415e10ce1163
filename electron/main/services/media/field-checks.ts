import type { RequestProblem } from '../../../../shared/api/requests/common';
import { requestFromForm, wirePath } from '../../../../shared/api/requests/from-form';
import { TASK_REQUEST_SCHEMAS } from '../../../../shared/api/requests/registry';
import { checkSegments, parseSegmentsField, type Segment } from '../../../../shared/api/segments';
import { LIMITS } from '../../../../shared/api/limits';
import type { JobRequest } from '../../../../shared/domain/jobs/job';

/**
 * The service's rules on the text fields of a wire-form request, checked in main before any
 * upload. The rules themselves are the request schemas of shared/api/requests (read back from
 * wire form by requestFromForm); what stays here is what only a JobRequest knows: how it is
 * delivered (stream or task) and the fields no schema carries. Media facts (durations, tracks,
 * sizes) are checked in preflight.ts with a probe of each file.
 */
type Fields = JobRequest['fields'];

const MUSIC_MODE_TYPES = new Set<JobRequest['type']>(['text_to_music', 'video_to_music']);
/** Fields the service refuses on a stream request (docs/api-notes.md, "Errors"). */
const ASYNC_ONLY_FLAGS = ['preserve_speech', 'isolate_vocals', 'ducking', 'stems'] as const;

const text = (fields: Fields, name: string): string | undefined => {
  const value = fields[name];
  return value === undefined ? undefined : String(value);
};
const isTrue = (value: unknown) => value === true || value === 'true';

/** The parsed `segments` field, with its list rules checked (the last end against `duration` when known). */
export function checkSegmentsField(
  problems: RequestProblem[],
  fields: Fields,
  duration?: number,
): Segment[] | undefined {
  const raw = text(fields, 'segments');
  if (raw === undefined) return undefined;
  const segments = parseSegmentsField(raw);
  if (!segments) {
    problems.push({
      path: 'segments',
      message: `The segments must be a JSON list of {start, end, prompt} (at most ${LIMITS.segments.rawJsonMaxChars} characters).`,
    });
    return undefined;
  }
  for (const problem of checkSegments(segments, duration)) {
    problems.push({
      path: problem.index < 0 ? 'segments' : `segments.${problem.index}.${problem.field}`,
      message: problem.message,
    });
  }
  return segments;
}

/** Stream delivery: music only, and none of the settings that need a task. */
function checkDelivery(problems: RequestProblem[], request: JobRequest): void {
  const { type, fields, delivery } = request;
  if (delivery !== 'stream') return;
  if (!MUSIC_MODE_TYPES.has(type)) {
    problems.push({
      path: 'delivery',
      message: 'Only music can be streamed; this service answers with a task.',
    });
    return;
  }
  if (text(fields, 'mode') === 'async')
    problems.push({ path: 'mode', message: 'A stream request cannot carry mode=async.' });
  for (const flag of ASYNC_ONLY_FLAGS) {
    if (isTrue(fields[flag]))
      problems.push({ path: flag, message: 'This setting needs async delivery.' });
  }
  if (Number(fields.variants_num ?? 1) > 1)
    problems.push({ path: 'variants_num', message: 'Several variants need async delivery.' });
}

/** variants_num on the services whose schema does not carry it (the engine takes 1 to 10). */
function checkVariants(problems: RequestProblem[], request: JobRequest): void {
  const raw = request.fields.variants_num;
  if (raw === undefined || request.type === 'video_analysis') return;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < LIMITS.variantsNum.min) {
    problems.push({
      path: 'variants_num',
      message: 'The number of variants must be a whole number, at least 1.',
    });
  }
}

/** Every rule on the text fields of the request. */
export function checkFields(request: JobRequest): RequestProblem[] {
  const problems: RequestProblem[] = [];
  checkDelivery(problems, request);
  const { input, problems: wireProblems } = requestFromForm(request.type, request);
  problems.push(...wireProblems);
  // A music request without `mode` is delivered as the JobRequest says.
  if (MUSIC_MODE_TYPES.has(request.type) && input.mode === undefined) input.mode = request.delivery;
  // With a local video the last segment end waits for its probed duration (preflight.ts).
  const parsed = TASK_REQUEST_SCHEMAS[request.type].safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push({ path: wirePath(issue.path), message: issue.message });
  }
  checkVariants(problems, request);
  return problems;
}
