import { useMemo } from 'react';
import type { ScorePart, Take } from '../../../../shared/domain/project/document';
import { mixPeaks, type MixedTrack } from '../../../../shared/domain/timeline';
import type { Peaks } from '../../../../shared/ipc/channels/media';
import { decodePeaks, type DecodedPeaks } from '../../editor/timeline';
import { activeTake } from './export-request';
import { audibleGainsDb, dbToLinear, DUCK_HOLD_MS, DUCK_THRESHOLD_DB } from './mix-levels';

/** The Mix lane's resolution: the rate the source and take peaks are asked for. */
const MIX_POINTS_PER_SECOND = 100;

// Take peaks are decoded once per answer (react-query keeps the answer object stable).
const decodedTakes = new WeakMap<Peaks, DecodedPeaks>();
function decodedTake(peaks: Peaks): DecodedPeaks {
  let decoded = decodedTakes.get(peaks);
  if (!decoded) {
    decoded = decodePeaks(peaks);
    decodedTakes.set(peaks, decoded);
  }
  return decoded;
}

/**
 * The waveform of what is heard now, for the Mix lane: the source and the heard takes (the
 * active take of music and SFX, every imported file) at their places, trims and gains, with
 * mute/solo and the duck as the preview applies them. Recomputed when any of those change.
 * Undefined while the source's peaks are still loading.
 */
export function useMixPeaks(
  part: ScorePart,
  source: DecodedPeaks | undefined,
  takePeaks: ReadonlyMap<string, Peaks>,
): DecodedPeaks | undefined {
  return useMemo(() => {
    const { takes, mix, video } = part;
    if (!video) return undefined;
    if (video.hasAudio && !source) return undefined;
    const gains = audibleGainsDb(mix);
    const heard: Take[] = [
      activeTake(part, 'music'),
      activeTake(part, 'sfx'),
      ...takes.filter((take) => take.lane === 'audio'),
    ].filter((take): take is Take => !!take);
    const tracks: MixedTrack[] = heard.flatMap((take) => {
      const peaks = take.path ? takePeaks.get(take.path) : undefined;
      if (!peaks) return [];
      return [
        {
          peaks: decodedTake(peaks),
          gain: dbToLinear(gains[take.lane]),
          ducked: take.lane === 'music',
          offsetMs: take.offsetMs,
          trimStartMs: take.trimStartMs,
          lengthMs: take.lengthMs,
          fileDurationMs: take.fileDurationMs ?? peaks.durationMs,
        },
      ];
    });
    const mixed = mixPeaks({
      durationMs: video.durationMs,
      pointsPerSecond: MIX_POINTS_PER_SECOND,
      source: source ? { peaks: source, gain: dbToLinear(gains.source) } : undefined,
      tracks,
      duck:
        mix.duck.enabled && source
          ? { depthDb: mix.duck.depthDb, thresholdDb: DUCK_THRESHOLD_DB, holdMs: DUCK_HOLD_MS }
          : undefined,
    });
    // Drawn at true scale (no normalising), so a gain change shows as a change of height.
    return { ...mixed, normalize: 1 };
  }, [part, source, takePeaks]);
}
