import type { ProjectDocument } from '../../../../shared/domain/project/document';
import { invoke, InvokeError } from '../../bridge/invoke';
import {
  judgeOpenedVideo,
  notAVideoByName,
  unreadableVideo,
  type OpenVerdict,
} from './open-checks';
import { openProjectPath } from '../../editor/project/open-project-store';
import { EMPTY_SCORE, useScoreStore } from './score-store';

export interface Opened {
  verdict: OpenVerdict;
}

function baseNameWithoutExt(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? path;
  return name.replace(/\.[^.]+$/, '') || 'Untitled';
}

/**
 * Opens a video: probes it, refuses what cannot be scored before anything is written, then
 * creates its project (`<video name>.soundstage`) with the video set and saves it once.
 */
export async function openVideo(path: string): Promise<Opened> {
  const byName = notAVideoByName(path);
  // Coded like main's refusal, so the notice is titled "Not a media file", not a generic one.
  if (byName) throw Object.assign(new Error(byName), { code: 'not_media' });
  const info = await invoke('media:inspect', { path }).catch((cause: unknown) => {
    // The probe's words name audio formats too; only a video can be scored.
    if (cause instanceof InvokeError && cause.code === 'not_media')
      throw new InvokeError(cause.channel, { ...cause.info, message: unreadableVideo(path) });
    throw cause;
  });
  const verdict = judgeOpenedVideo(info);
  if (verdict.refusal) throw new Error(verdict.refusal);
  const created = await invoke('project:create', {
    name: baseNameWithoutExt(path),
    kind: 'score',
    video: info.path,
  });
  const document: ProjectDocument = {
    ...created.document,
    score: {
      ...(created.document.score ?? EMPTY_SCORE),
      // A new project records its landed jobs from the start (score-jobs.ts's legacy rule is
      // for files written before the record).
      landedJobIds: [],
      video: {
        path: info.path,
        durationMs: info.durationMs,
        hasAudio: !!info.audio,
        ...(info.video?.fps ? { fps: info.video.fps } : {}),
      },
    },
  };
  await invoke('project:save', { path: created.path, document, autosave: false });
  await openProjectPath(created.path);
  return { verdict };
}

/** Opens a saved project; a newer or damaged file comes back read-only with the reason. */
export async function openProject(path: string): Promise<Opened> {
  await openProjectPath(path);
  const video = useScoreStore.getState().project?.document.score?.video;
  if (!video) return { verdict: { notices: [], blocked: {} } };
  const info = await invoke('media:inspect', { path: video.path });
  return { verdict: judgeOpenedVideo(info) };
}

/** Accepts a crash-restore offer: the journal becomes the document, which is then opened. */
export async function restoreProject(path: string): Promise<Opened> {
  await invoke('project:restore', { path, accept: true });
  return openProject(path);
}
