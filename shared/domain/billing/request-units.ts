import type { BillingUnits } from '../../api/billing-rates';
import type { TaskRequest } from '../../api/requests/registry';
import type { TaskType } from '../../api/task-types';

/**
 * The billing units of a validated request. `mediaSeconds` is the probed input (the voice input
 * for audio-ducking); it is needed by every type except text-to-music and text-to-sfx, which
 * bill their requested duration. Returns null when it is needed and unknown (a URL source the
 * app has not probed): the price is then only known to the service.
 */
export function billingUnitsForRequest<T extends TaskType>(
  type: T,
  request: TaskRequest<T>,
  mediaSeconds?: number,
): BillingUnits | null {
  const variants = (request as { variants_num?: number }).variants_num;
  const perVariant = variants !== undefined && variants > 1 ? { variants } : {};
  if (type === 'text_to_music' || type === 'text_to_sfx') {
    return {
      type,
      seconds: (request as TaskRequest<'text_to_music' | 'text_to_sfx'>).duration,
      ...perVariant,
    };
  }
  if (mediaSeconds === undefined) return null;
  switch (type) {
    case 'dubbing': {
      const dubbing = request as TaskRequest<'dubbing'>;
      return {
        type,
        seconds: mediaSeconds,
        languages: dubbing.languages.length,
        scripts: Object.keys(dubbing.subtitles).length > 0,
      };
    }
    case 'proofread':
      return {
        type,
        seconds: mediaSeconds,
        languages: (request as TaskRequest<'proofread'>).languages.length,
      };
    case 'video_analysis':
      return {
        type,
        seconds: mediaSeconds,
        variants: (request as TaskRequest<'video_analysis'>).variants_num,
      };
    default:
      return { type, seconds: mediaSeconds, ...perVariant };
  }
}
