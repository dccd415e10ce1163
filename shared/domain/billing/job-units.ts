import type { BillingUnits } from '../../api/billing-rates';
import type { JobRequest } from '../jobs/job';

/**
 * The local file whose length a job is billed on, when it is billed on media: the voice for
 * audio-ducking, else the video (or the first file sent). Undefined for text-only requests and
 * for media sent by URL (its length is known only to the service).
 */
export function billedMediaPath(request: JobRequest): string | undefined {
  if (request.type === 'text_to_music' || request.type === 'text_to_sfx') return undefined;
  const files = request.files ?? {};
  if (request.type === 'audio_ducking') return files.voice_file;
  return files.video ?? Object.values(files)[0];
}

/**
 * The billing units of a job as its wire fields say, for stating the cost of a Retry: the same
 * rules as a new request (billingUnitsForRequest), read from the fields the job already sent.
 * Null when the price needs a media length that is not known.
 */
export function billingUnitsForJob(
  request: JobRequest,
  mediaSeconds?: number,
): BillingUnits | null {
  const { type, fields } = request;
  const variants = Number(fields.variants_num ?? 1);
  // Music and sound takes bill per variant, like a new request (billingUnitsForRequest).
  const perVariant = Number.isInteger(variants) && variants > 1 ? { variants } : {};
  if (type === 'text_to_music' || type === 'text_to_sfx') {
    const seconds = Number(fields.duration ?? fields.duration_seconds);
    return Number.isFinite(seconds) && seconds > 0 ? { type, seconds, ...perVariant } : null;
  }
  if (mediaSeconds === undefined) return null;
  const languages = countJsonArray(fields.languages);
  switch (type) {
    case 'dubbing':
      return {
        type,
        seconds: mediaSeconds,
        ...(languages !== undefined ? { languages } : {}),
        scripts: Object.keys({ ...fields, ...request.files }).some((k) =>
          k.startsWith('subtitles'),
        ),
      };
    case 'proofread':
      return { type, seconds: mediaSeconds, languages: languages ?? 0 };
    case 'video_analysis':
      return { type, seconds: mediaSeconds, variants: Number.isFinite(variants) ? variants : 1 };
    default:
      return { type, seconds: mediaSeconds, ...perVariant };
  }
}

function countJsonArray(value: string | number | boolean | undefined): number | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.length : undefined;
  } catch {
    return undefined;
  }
}
