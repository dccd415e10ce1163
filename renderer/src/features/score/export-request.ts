import type { LoudnessPreset, ScorePart, Take } from '../../../../shared/domain/project/document';
import type { ExportRequest } from '../../../../shared/ipc/channels/media';
import { audibleGainsDb } from './mix-levels';

export const LOUDNESS_LABELS: Record<LoudnessPreset, string> = {
  streaming: '−14 LUFS · streaming',
  podcast: '−16 LUFS · podcast',
  'ebu-r128': '−23 LUFS · EBU R128 broadcast',
};

export const LOUDNESS_TARGET_LUFS: Record<LoudnessPreset, number> = {
  streaming: -14,
  podcast: -16,
  'ebu-r128': -23,
};

export interface ExportChoice {
  exportId: string;
  kind: 'video' | 'audio';
  loudness: LoudnessPreset;
  /** File name without extension. */
  name: string;
  /** Also write each lane with sound as its own WAV beside the export. */
  stems?: boolean;
}

function trackOf(take: Take, role: ExportRequest['tracks'][number]['role'], gainDb: number) {
  return {
    role,
    path: take.path!,
    offsetMs: take.offsetMs,
    ...(take.trimStartMs ? { trimStartMs: take.trimStartMs } : {}),
    ...(take.lengthMs !== undefined ? { lengthMs: Math.max(1, take.lengthMs) } : {}),
    gainDb,
  };
}

export function activeTake(part: ScorePart, lane: 'music' | 'sfx'): Take | undefined {
  const id = part.activeTakes[lane];
  return part.takes.find((take) => take.id === id && take.lane === lane && take.path);
}

/**
 * The export as main wants it: the active take of each audible lane with its gain, the source
 * unless muted (or absent), the duck, and a file name with the right extension. Answers a
 * sentence instead when there is nothing to export.
 */
export function buildExportRequest(
  part: ScorePart,
  choice: ExportChoice,
): { ok: true; request: ExportRequest } | { ok: false; reason: string } {
  const video = part.video;
  if (!video) return { ok: false, reason: 'Open a video first.' };
  const name = choice.name.trim().replace(/[/\\]/g, '-');
  if (!name) return { ok: false, reason: 'Name the export.' };
  const gains = audibleGainsDb(part.mix);
  const tracks: ExportRequest['tracks'] = [];
  for (const lane of ['music', 'sfx'] as const) {
    const take = activeTake(part, lane);
    const gainDb = gains[lane];
    if (take?.path && gainDb !== null) tracks.push(trackOf(take, lane, gainDb));
  }
  // Imported audio: every file on the lane is heard.
  if (gains.audio !== null) {
    for (const take of part.takes) {
      if (take.lane === 'audio' && take.path) tracks.push(trackOf(take, 'audio', gains.audio));
    }
  }
  const source = video.hasAudio && gains.source !== null ? { gainDb: gains.source } : null;
  if (!source && tracks.length === 0) {
    return { ok: false, reason: 'Nothing is audible: generate a take or unmute a lane.' };
  }
  const ext = choice.kind === 'video' ? 'mp4' : 'm4a';
  return {
    ok: true,
    request: {
      exportId: choice.exportId,
      kind: choice.kind,
      audioFormat: 'm4a',
      videoPath: video.path,
      durationMs: video.durationMs,
      source,
      tracks,
      duck: part.mix.duck,
      loudness: choice.loudness,
      stems: choice.stems ?? false,
      name: `${name.replace(/\.(mp4|m4a)$/i, '')}.${ext}`,
    },
  };
}
