import type { ProjectDocument } from '../../../../shared/domain/project/document';
import { invoke } from '../../bridge/invoke';
import { judgeOpenedVideo, notAVideoByName, type OpenVerdict } from './open-checks';
import { EMPTY_SCORE, useScoreStore, type OpenProject } from './score-store';

const LAST_PROJECT_KEY = 'soundstage.score.project';

/** The project to reopen when the window is reloaded or the app restarted. */
export function rememberedProject(): string | null {
  return localStorage.getItem(LAST_PROJECT_KEY);
}

export function forgetProject(): void {
  localStorage.removeItem(LAST_PROJECT_KEY);
}

export interface Opened {
  verdict: OpenVerdict;
}

function baseNameWithoutExt(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? path;
  return name.replace(/\.[^.]+$/, '') || 'Untitled';
}

function load(project: OpenProject): void {
  useScoreStore.getState().load(project);
  localStorage.setItem(LAST_PROJECT_KEY, project.path);
}

/**
 * Opens a video: probes it, refuses what cannot be scored before anything is written, then
 * creates its project (`<video name>.soundstage`) with the video set and saves it once.
 */
export async function openVideo(path: string): Promise<Opened> {
  const byName = notAVideoByName(path);
  if (byName) throw new Error(byName);
  const info = await invoke('media:inspect', { path });
  const verdict = judgeOpenedVideo(info);
  if (verdict.refusal) throw new Error(verdict.refusal);
  const created = await invoke('project:create', { name: baseNameWithoutExt(path) });
  const document: ProjectDocument = {
    ...created.document,
    score: {
      ...(created.document.score ?? EMPTY_SCORE),
      video: {
        path: info.path,
        durationMs: info.durationMs,
        hasAudio: !!info.audio,
        ...(info.video?.fps ? { fps: info.video.fps } : {}),
      },
    },
  };
  await invoke('project:save', { path: created.path, document, autosave: false });
  load({ path: created.path, document, readOnly: false });
  return { verdict };
}

/** Opens a saved project; a newer or damaged file comes back read-only with the reason. */
export async function openProject(path: string): Promise<Opened> {
  const opened = await invoke('project:open', { path });
  if (!opened.document) {
    throw new Error(opened.notice ?? 'This project file could not be read.');
  }
  load({
    path: opened.path,
    document: opened.document,
    readOnly: opened.readOnly,
    ...(opened.notice ? { notice: opened.notice } : {}),
  });
  const video = opened.document.score?.video;
  if (!video) return { verdict: { notices: [], blocked: {} } };
  const info = await invoke('media:inspect', { path: video.path });
  return { verdict: judgeOpenedVideo(info) };
}

/** Accepts a crash-restore offer: the journal becomes the document, which is then opened. */
export async function restoreProject(path: string): Promise<Opened> {
  await invoke('project:restore', { path, accept: true });
  return openProject(path);
}
