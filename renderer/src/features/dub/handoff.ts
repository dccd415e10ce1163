import { isLanguageCode, type LanguageCode } from '../../../../shared/api/languages';
import type { BatchScriptFile } from '../../../../shared/domain/dub';
import { useEffect } from 'react';
import { handoffAsBatch, useDubHandoff } from '../../editor/handoff/dub-handoff';
import { useDubBatch } from './batch-store';

/**
 * What "Send to Dub" in the Subtitles workspace hands over: a video and one approved script per
 * language, already written to files. Same shape as the Subtitles branch's DubHandoff.
 */
export interface SubtitlesHandoff {
  videoPath?: string;
  scripts: Record<string, string>;
}

/**
 * Adds a handoff to the batch: the video as a row, its scripts assigned to it explicitly (so
 * pairing never guesses), and their languages as columns. A batch with no rows yet takes exactly
 * the handed-off languages: its starting languages (NEW_BATCH_SETTINGS, Spanish and French) were
 * nobody's choice, and each extra column is priced. A batch with rows keeps its languages and
 * gains the new ones. Returns what was left out.
 */
export function acceptHandoff(handoff: SubtitlesHandoff): string[] {
  const ignored: string[] = [];
  const video = handoff.videoPath;
  const scripts: BatchScriptFile[] = [];
  for (const [language, path] of Object.entries(handoff.scripts)) {
    if (!isLanguageCode(language)) {
      ignored.push(`${path}: ${language} is not a dubbing language`);
      continue;
    }
    scripts.push(video ? { path, language, video } : { path, language });
  }
  const store = useDubBatch.getState();
  const fresh = store.videos.length === 0;
  store.addSorted({ videos: video ? [video] : [], scripts: [], skipped: [] });
  const known = new Set(store.scripts.map((s) => s.path));
  useDubBatch.setState((state) => ({
    scripts: [...state.scripts, ...scripts.filter((s) => !known.has(s.path))],
    languages: handedOffLanguages(fresh && scripts.length > 0 ? [] : state.languages, scripts),
    revision: state.revision + 1,
  }));
  return ignored;
}

/** `current` and then each handed-off language not in it yet, in the order sent. */
function handedOffLanguages(
  current: readonly LanguageCode[],
  scripts: readonly BatchScriptFile[],
): LanguageCode[] {
  const languages = [...current];
  for (const script of scripts)
    if (script.language && !languages.includes(script.language)) languages.push(script.language);
  return languages;
}

/**
 * Takes what "Send to Dub" handed over (once the batch's project is loaded, so loading cannot
 * replace it): the video as a row and its translated scripts paired to it; the source language's
 * script is left out, since a video is not dubbed into its own language.
 */
export function useSubtitlesHandoff(ready: boolean): void {
  const handoff = useDubHandoff((s) => s.handoff);
  useEffect(() => {
    if (!handoff || !ready) return;
    const batch = handoffAsBatch(handoff);
    acceptHandoff({
      ...(handoff.videoPath ? { videoPath: handoff.videoPath } : {}),
      scripts: Object.fromEntries(batch.scripts.map((script) => [script.language, script.path])),
    });
    useDubHandoff.getState().clear();
  }, [handoff, ready]);
}
