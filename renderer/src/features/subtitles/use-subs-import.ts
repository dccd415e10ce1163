import { useCallback } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import { invokeResult } from '../../bridge/invoke';
import { pathsOfDroppedFiles, pickFiles } from '../../bridge/files';
import { addReadFiles, fileName, importNotes, type ReadFile } from './import-script';
import { proofreadOpening } from './job-opening';
import { editSubs, subsDocument, useSubsView } from './subs-store';

/**
 * Reads subtitle files through main (subtitles:read) and adds them to the script as ONE undo
 * step. Every file is read before anything is added, so a rejected file leaves the script as it
 * was (nothing half-imported) and `subs-error` names the file and the line.
 */
async function readAll(paths: readonly string[]): Promise<ReadFile[] | null> {
  const view = useSubsView.getState();
  const files: ReadFile[] = [];
  for (const path of paths) {
    const result = await invokeResult('subtitles:read', { path });
    if (!result.ok) {
      view.set({
        failure: {
          name: fileName(path),
          message: result.error.message,
          ...(result.error.line !== undefined ? { line: result.error.line } : {}),
        },
      });
      return null;
    }
    files.push({ path, read: result.value });
  }
  return files;
}

export async function importSubtitlePaths(paths: readonly string[], label = 'Import subtitles') {
  const view = useSubsView.getState();
  if (paths.length === 0) return;
  view.set({ busy: `Reading ${paths.length} file${paths.length === 1 ? '' : 's'}…` });
  try {
    const files = await readAll(paths);
    if (!files) return;
    editSubs(label, (part) => addReadFiles(part, files));
    const last = files[files.length - 1]!;
    view.set({
      failure: null,
      lastImport: {
        name: fileName(last.path),
        encoding: last.read.encoding,
        notes: importNotes(last.read),
      },
    });
  } catch (error) {
    view.set({ failure: { name: '', message: (error as Error).message } });
  } finally {
    useSubsView.getState().set({ busy: null });
  }
}

/** Opens a finished Proofread job: a fresh script of its .srt files, paired with its video. */
export async function openProofreadJob(job: Job): Promise<void> {
  const opening = proofreadOpening(job);
  const { sourceLanguage: _previous, ...kept } = subsDocument.getState().history.present;
  subsDocument.getState().reset({
    ...kept,
    languages: {},
    shown: [],
    files: {},
    serviceWarnings: [],
    ...(opening.videoPath ? { video: { path: opening.videoPath } } : {}),
    ...(opening.sourceLanguage ? { sourceLanguage: opening.sourceLanguage } : {}),
  });
  await importSubtitlePaths(opening.subtitlePaths, 'Open proofread job');
  editSubs('Service warnings', (part) => ({ ...part, serviceWarnings: opening.warnings(part) }));
}

export function useSubsImport() {
  const pick = useCallback(async () => {
    try {
      await importSubtitlePaths(await pickFiles('subtitle', true));
    } catch (error) {
      useSubsView.getState().set({ failure: { name: '', message: (error as Error).message } });
    }
  }, []);
  const drop = useCallback(async (files: readonly File[]) => {
    try {
      await importSubtitlePaths(await pathsOfDroppedFiles(files));
    } catch (error) {
      useSubsView.getState().set({ failure: { name: '', message: (error as Error).message } });
    }
  }, []);
  const pickVideo = useCallback(async () => {
    const [path] = await pickFiles('video', false);
    if (path) editSubs('Choose video', (part) => ({ ...part, video: { path } }));
  }, []);
  return { pick, drop, pickVideo };
}
