import { readFile } from 'node:fs/promises';
import type { LanguageCode } from '../../../shared/api/languages';
import { LIMITS } from '../../../shared/api/limits';
import type { PrepareContext } from '../../server/endpoint';
import { reject } from '../../server/endpoint';
import type { Checked } from '../../server/rejection';
import type { Cue } from '../../../shared/domain/subtitles/cue';
import { formatFromName } from '../../../shared/node/subtitles/read';
import type { PreflightDetails, PreflightReport } from '../../subtitles/preflight';
import { preflightScript } from '../../subtitles/preflight';
import type { ScriptPart } from './subtitle-fields';

/** A supplied script after preflight: what the dub speaks, plus its reports. */
export interface CheckedScript {
  cues: Cue[];
  report: PreflightReport;
  details: PreflightDetails;
}

export type CheckedScripts = Partial<Record<LanguageCode, CheckedScript>>;

/** The name to judge a fetched script by: the URL's own file name, or the format its text shows. */
function nameForUrl(url: string, text: Uint8Array): string {
  const path = new URL(url).pathname;
  if (formatFromName(path)) return path.split('/').pop() ?? path;
  return new TextDecoder()
    .decode(text.subarray(0, 16))
    .replace(/^\uFEFF/, '')
    .startsWith('WEBVTT')
    ? 'script.vtt'
    : 'script.srt';
}

async function loadPart(
  part: ScriptPart,
  ctx: PrepareContext,
): Promise<Checked<{ filename: string; content: Uint8Array } | 'too_large'>> {
  if (part.kind === 'file') {
    if (part.size > LIMITS.subtitleFileMaxBytes) return { ok: true, value: 'too_large' };
    return { ok: true, value: { filename: part.filename, content: await readFile(part.path) } };
  }
  const fetched = await ctx.fetchUrl(part.url, {
    fileName: `subtitles-${part.language}.txt`,
    httpsOnly: true,
    maxBytes: LIMITS.subtitleFileMaxBytes,
    field: `subtitles[${part.language}]`,
  });
  if (!fetched.ok) return fetched.error.status === 413 ? { ok: true, value: 'too_large' } : fetched;
  const content = await readFile(fetched.value);
  return { ok: true, value: { filename: nameForUrl(part.url, content), content } };
}

/**
 * Fetches and preflights every supplied script against the video's duration. Any blocked
 * script refuses the whole request (422 SUBTITLE_PREFLIGHT_BLOCKED) with every language's
 * report under `details`, before anything is billed.
 */
export async function checkScripts(
  parts: readonly ScriptPart[],
  mediaDuration: number,
  ctx: PrepareContext,
): Promise<Checked<CheckedScripts>> {
  const scripts: CheckedScripts = {};
  for (const part of parts) {
    const loaded = await loadPart(part, ctx);
    if (!loaded.ok) return loaded;
    const input =
      loaded.value === 'too_large'
        ? // Only the size matters here: a placeholder one byte over the limit carries that verdict.
          {
            filename: part.kind === 'file' ? part.filename : 'script.srt',
            content: new Uint8Array(LIMITS.subtitleFileMaxBytes + 1),
          }
        : loaded.value;
    const outcome = await preflightScript({ ...input, language: part.language, mediaDuration });
    scripts[part.language] = outcome;
  }
  const blocked = Object.entries(scripts).filter(
    ([, script]) => script?.report.status === 'blocked',
  );
  if (blocked.length === 0) return { ok: true, value: scripts };
  const details = Object.fromEntries(
    Object.entries(scripts).map(([code, script]) => [code, script?.report]),
  );
  const summary = blocked
    .map(
      ([code, script]) => `${code}: ${script?.details.problems.map((p) => p.message).join('; ')}`,
    )
    .join(' | ');
  return reject(
    422,
    'SUBTITLE_PREFLIGHT_BLOCKED',
    `Subtitle script rejected by preflight (${summary})`,
    { details },
  );
}
