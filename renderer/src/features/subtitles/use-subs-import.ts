import { useCallback } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import { invokeResult } from '../../bridge/invoke';
import { pathsOfDroppedFiles, pickFiles } from '../../bridge/files';
import type { SubtitleEncoding, SubtitleRead } from '../../../../shared/domain/subtitles/file';
import type { Result } from '../../../../shared/ipc/result';
import { useEncodingChoice } from './encoding-choice';
import { addReadFiles, fileName, importNotes, sortDrop, type ReadFile } from './import-script';
import { ensureSubtitlesProject } from './ensure-project';
import { proofreadOpening } from './job-opening';
import { editSubs, subsDocument, subsPart, useSubsView } from './subs-store';

/** Files read at once: main reads each on its own, so a many-language import is not one by one. */
const READS_AT_ONCE = 4;

/** Every path read through main, each starting when the read READS_AT_ONCE before it ends. */
function readEach(paths: readonly string[]): Promise<Result<SubtitleRead>>[] {
  const answers: Promise<Result<SubtitleRead>>[] = [];
  for (const [index, path] of paths.entries()) {
    const before = answers[index - READS_AT_ONCE] ?? Promise.resolve();
    answers.push(before.then(() => invokeResult('subtitles:read', { path })));
  }
  return answers;
}

/**
 * Reads subtitle files through main (subtitles:read) and adds them to the script as ONE undo
 * step. Every file is read before anything is added, so a rejected file leaves the script as it
 * was (nothing half-imported) and `subs-error` names the file and the line. A file whose
 * encoding the detector could not decide stops the import at the chooser (EncodingChooser);
 * the user's pick resumes it with the files already read.
 */
async function readAll(
  paths: readonly string[],
  done: ReadFile[],
  label: string,
): Promise<ReadFile[] | null> {
  const view = useSubsView.getState();
  const files = [...done];
  const answers = readEach(paths);
  for (const [index, path] of paths.entries()) {
    const result = await answers[index]!;
    if (!result.ok) {
      view.set({
        lastImport: null,
        failure: {
          name: fileName(path),
          message: result.error.message,
          ...(result.error.line !== undefined ? { line: result.error.line } : {}),
        },
      });
      return null;
    }
    if (!result.value.encodingSure) {
      useEncodingChoice.getState().set({
        path,
        read: result.value,
        done: files,
        rest: paths.slice(index + 1),
        label,
        loading: false,
        error: null,
      });
      return null;
    }
    files.push({ path, read: result.value });
  }
  return files;
}

export async function importSubtitlePaths(
  paths: readonly string[],
  label = 'Import subtitles',
  done: ReadFile[] = [],
) {
  const view = useSubsView.getState();
  if (paths.length === 0 && done.length === 0) return;
  useEncodingChoice.getState().set(null);
  view.set({
    busy: `Reading ${paths.length + done.length} file${paths.length + done.length === 1 ? '' : 's'}…`,
  });
  try {
    const files = await readAll(paths, done, label);
    if (!files) return;
    await ensureSubtitlesProject(files[0]!.path);
    const before = new Set(Object.keys(subsPart().languages));
    editSubs(label, (part) => addReadFiles(part, files));
    const replaced = Object.keys(subsPart().languages).filter(
      (language) =>
        before.has(language) && files.some((file) => file.read.labelledLanguage === language),
    );
    const last = files[files.length - 1]!;
    view.set({
      failure: null,
      lastImport: {
        name:
          files.length > 1
            ? `${files.length} files, last ${fileName(last.path)}`
            : fileName(last.path),
        encoding: last.read.encoding,
        notes: importNotes(last.read),
        // Reading a language again replaces its cues: say so, and how to get them back.
        ...(replaced.length > 0
          ? { replaced: `Replaced the ${replaced.join(', ')} cues (Ctrl+Z brings them back)` }
          : {}),
      },
    });
  } catch (error) {
    view.set({ failure: { name: '', message: (error as Error).message } });
  } finally {
    useSubsView.getState().set({ busy: null });
  }
}

/** Reads the pending file again in `encoding`, so the preview shows how it reads. */
export async function previewEncoding(encoding: SubtitleEncoding): Promise<void> {
  const choice = useEncodingChoice.getState();
  const pending = choice.pending;
  if (!pending) return;
  choice.patch({ loading: true, error: null });
  const result = await invokeResult('subtitles:read', { path: pending.path, encoding });
  if (useEncodingChoice.getState().pending?.path !== pending.path) return;
  if (result.ok) choice.patch({ read: result.value, loading: false });
  else choice.patch({ loading: false, error: result.error.message });
}

/** Imports the pending file as it reads now (the user's pick), then the rest of its import. */
export async function confirmEncoding(): Promise<void> {
  const pending = useEncodingChoice.getState().pending;
  if (!pending || pending.loading) return;
  const read = { ...pending.read, encodingSure: true };
  await importSubtitlePaths(pending.rest, pending.label, [
    ...pending.done,
    { path: pending.path, read },
  ]);
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

/** The script's picture; like an import, it starts a project when none is open. */
async function chooseVideo(path: string): Promise<void> {
  await ensureSubtitlesProject(path);
  editSubs('Choose video', (part) => ({ ...part, video: { path } }));
}

export function useSubsImport() {
  const pick = useCallback(async () => {
    try {
      await importSubtitlePaths(await pickFiles('subtitle', true));
    } catch (error) {
      useSubsView.getState().set({ failure: { name: '', message: (error as Error).message } });
    }
  }, []);
  // A clip and its subtitles are often dropped together: the video becomes the picture, the
  // scripts are read, and anything else is named as not read (it never reaches the reader).
  const drop = useCallback(async (files: readonly File[]) => {
    const { subtitles, video, others } = sortDrop(files);
    try {
      if (video) {
        const [path] = await pathsOfDroppedFiles([video]);
        if (path) await chooseVideo(path);
      }
      if (subtitles.length > 0) await importSubtitlePaths(await pathsOfDroppedFiles(subtitles));
      if (others.length > 0) {
        const view = useSubsView.getState();
        const names = others.map((file) => file.name).join(', ');
        const note = `Not read: ${names} (only .srt and .vtt files, and one video, are taken).`;
        if (view.failure) return;
        if (view.lastImport && subtitles.length > 0)
          view.set({ lastImport: { ...view.lastImport, skipped: note } });
        else
          view.set({ failure: { name: names, message: 'This is not a subtitle or video file.' } });
      }
    } catch (error) {
      useSubsView.getState().set({ failure: { name: '', message: (error as Error).message } });
    }
  }, []);
  const pickVideo = useCallback(async () => {
    const [path] = await pickFiles('video', false);
    if (path) await chooseVideo(path);
  }, []);
  return { pick, drop, pickVideo };
}
