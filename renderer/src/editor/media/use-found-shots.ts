import { useState } from 'react';
import {
  addFoundShot,
  foundShotsKey,
  type FoundShots,
} from '../../../../shared/domain/timeline/found-shots';
import { useApiEvent } from '../../bridge/events';

const NONE: readonly number[] = [];

/**
 * The shot changes of `path` at `threshold`: main's final (cached) list once media:shots has
 * answered, and until then the changes pushed one by one as ffmpeg finds them
 * (media:shotFound), so the timeline shows the first markers while the scan is still running.
 */
export function useFoundShots(
  path: string,
  threshold: number,
  finalList: readonly number[] | undefined,
): readonly number[] {
  const key = foundShotsKey(path, threshold);
  const [found, setFound] = useState<FoundShots>({ key, shotsMs: NONE });
  useApiEvent('media:shotFound', (event) => {
    const eventKey = foundShotsKey(event.path, event.threshold);
    if (eventKey !== key) return;
    setFound((prev) =>
      addFoundShot(prev.key === key ? prev : { key, shotsMs: NONE }, key, event.ms),
    );
  });
  if (finalList) return finalList;
  return found.key === key ? found.shotsMs : NONE;
}
