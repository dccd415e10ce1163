import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { MAX_MEDIA_SECONDS } from '../../shared/api/limits';
import { checkSegments, parseSegmentsField, type Segment } from '../../shared/api/segments';
import type { CapabilityTable } from '../../shared/api/capabilities';
import type { TaskType } from '../../shared/api/task-types';
import { safeFetchToFile } from '../fetch/safe-fetch';
import type { PrepareContext, ResolvedMedia, ResolveMediaOptions } from './endpoint';
import { FieldReader } from './field-reader';
import type { RequestForm } from './form';
import { probeMedia, type MediaProbe } from './media-probe';
import {
  invalidRequest,
  ok,
  payloadTooLarge,
  reject,
  unprocessable,
  type Checked,
  type Rejection,
} from './rejection';

export interface PrepareContextOptions {
  type: TaskType;
  taskId: string;
  workDir: string;
  form: RequestForm;
  account: { id: string; maxUploadSizeMb: number };
  allowLoopbackUrls: boolean;
  fetchDeadlineMs?: number;
  /** This machine's capability table; absent in unit tests (no capability checks then). */
  capabilities?: CapabilityTable;
}

/** The helpers an endpoint's `prepare` uses (see PrepareContext in endpoint.ts). */
export function createPrepareContext(options: PrepareContextOptions): PrepareContext {
  const { form, type, workDir, account } = options;
  const maxBytes = account.maxUploadSizeMb * 1024 * 1024;
  const fields = new FieldReader(form);

  const probe = async (path: string, label = 'media'): Promise<Checked<MediaProbe>> => {
    const probed = await probeMedia(path);
    if (!probed.ok)
      return unprocessable(`Could not read the ${label.toLowerCase()}: ${probed.error}`);
    return ok(probed.value);
  };

  const checkDuration = (seconds: number, label = 'Video'): Rejection | undefined => {
    const max = MAX_MEDIA_SECONDS[type];
    if (max === undefined || seconds <= max) return undefined;
    const service = type.replace(/_/g, '-');
    return unprocessable(
      `${label} duration ${seconds.toFixed(1)}s exceeds the ${max}s ${service} maximum`,
    ).error;
  };

  const fetchUrl: PrepareContext['fetchUrl'] = async (url, fetchOptions) => {
    const field = fetchOptions.field ?? 'url';
    const inputs = join(workDir, 'inputs');
    await mkdir(inputs, { recursive: true });
    const fetched = await safeFetchToFile(url, {
      destPath: join(inputs, fetchOptions.fileName.replace(/[^A-Za-z0-9._-]/g, '_')),
      maxBytes: fetchOptions.maxBytes ?? maxBytes,
      httpsOnly: fetchOptions.httpsOnly,
      allowLoopback: options.allowLoopbackUrls,
      deadlineMs: options.fetchDeadlineMs,
    });
    if (fetched.ok) return ok(fetched.value.path);
    const { kind, message } = fetched.error;
    if (kind === 'too_large') return payloadTooLarge(account.maxUploadSizeMb);
    if (kind === 'scheme' && fetchOptions.httpsOnly)
      return unprocessable(`${field} must be an https URL`);
    if (kind === 'blocked' || kind === 'bad_url' || kind === 'scheme')
      return unprocessable(`${field}: ${message}`);
    return unprocessable(`Could not download ${field}: ${message}`);
  };

  async function resolveMedia(
    resolveOptions: ResolveMediaOptions = {},
  ): Promise<Checked<ResolvedMedia | undefined>> {
    const fileField = resolveOptions.fileField ?? 'video';
    const urlField = resolveOptions.urlField ?? 'video_url';
    const label = resolveOptions.label ?? (fileField === 'video' ? 'Video' : 'Media');
    const file = form.file(fileField);
    const url = form.text(urlField)?.trim();
    const hasUrl = url !== undefined && url !== '';
    if (!file && !hasUrl && resolveOptions.required === false && !form.has(fileField))
      return ok(undefined);
    if (Boolean(file) === hasUrl || form.text(fileField) !== undefined) {
      return invalidRequest(
        `Provide exactly one of ${fileField} (file upload) or ${urlField} (URL)`,
      );
    }
    let path: string;
    if (file) {
      path = file.path;
    } else {
      // Parsed here first: `http://[` must be a 422 for the field, not an exception.
      let parsed: URL;
      try {
        parsed = new URL(url!);
      } catch {
        return unprocessable(`${urlField}: not a valid URL`);
      }
      const ext = extname(parsed.pathname).toLowerCase();
      const fetched = await fetchUrl(url!, {
        field: urlField,
        fileName: `${urlField}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''}`,
        httpsOnly: resolveOptions.httpsOnly,
      });
      if (!fetched.ok) return fetched;
      path = fetched.value;
    }
    const probed = await probe(path, label);
    if (!probed.ok) return probed;
    const media = probed.value;
    if (resolveOptions.requireVideo && !media.hasVideo)
      return unprocessable(`The ${label.toLowerCase()} has no video track`);
    if (resolveOptions.requireAudio && !media.hasAudio)
      return unprocessable(`The ${label.toLowerCase()} has no audio track`);
    if (resolveOptions.checkDuration !== false) {
      const tooLong = checkDuration(media.durationSeconds, label);
      if (tooLong) return { ok: false, error: tooLong };
    }
    return ok({ path, source: file ? 'file' : 'url', probe: media });
  }

  const parseSegments = (
    field = 'segments',
    durationSeconds?: number,
  ): Checked<Segment[] | undefined> => {
    const text = form.text(field);
    if (text === undefined) return ok(undefined);
    const segments = parseSegmentsField(text);
    if (!segments)
      return unprocessable(`${field} must be a JSON array of {start, end, prompt} objects`);
    const problems = checkSegments(segments, durationSeconds);
    if (problems.length === 0) return ok(segments);
    return reject(422, 'unprocessable_entity', problems.map((p) => p.message).join(' '), {
      errors: problems.map((p) => ({
        loc: p.index >= 0 ? ['body', field, p.index, p.field] : ['body', field],
        msg: p.message,
        type: 'value_error',
      })),
    });
  };

  return {
    taskId: options.taskId,
    workDir,
    account,
    fields,
    ...(options.capabilities ? { capabilities: options.capabilities } : {}),
    probe,
    resolveMedia: resolveMedia as PrepareContext['resolveMedia'],
    fetchUrl,
    checkDuration,
    parseSegments,
    // Both are read (not short-circuited) so a malformed value in either is reported.
    preserveSpeech: () =>
      [fields.bool('preserve_speech', false), fields.bool('isolate_vocals', false)].includes(true),
  };
}
