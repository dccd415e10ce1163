import { useCallback, useState } from 'react';
import { fitImport } from '../../../../shared/domain/timeline';
import { pickFiles } from '../../bridge/files';
import { errorMessage, invokeResult } from '../../bridge/invoke';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeyFor } from '../../bridge/query';
import { useTransport } from '../../editor/media/transport-store';
import { formatTimecode } from '../../editor/timeline/segment-name';
import { EMPTY_SCORE, useScoreStore } from './score-store';
import { addImportedAudio } from './take-edits';

/** What the import found wrong, with the trim it can offer (docs/editing.md, "Your own audio"). */
export type ImportProblem =
  | { kind: 'refused'; message: string }
  | {
      kind: 'too-long';
      message: string;
      path: string;
      name: string;
      offsetMs: number;
      fileDurationMs: number;
      trimToMs: number;
    };

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** Waveform peaks of an imported file at the rate the take rows draw them. */
export const TAKE_PEAKS_PER_SECOND = 100;

/**
 * Import audio… : pick a file, probe it in main (ffprobe), refuse what is not audio with a
 * sentence, offer a trim when it is longer than what is left of the video, then place it at the
 * playhead on the audio lane (one undo step). Main's peaks are asked for at once, so the
 * waveform shows as soon as the take does.
 */
export function useAudioImport() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const queryClient = useQueryClient();

  const place = useCallback(
    (path: string, offsetMs: number, fileDurationMs: number, lengthMs?: number) => {
      addImportedAudio({
        id: crypto.randomUUID(),
        lane: 'audio',
        path,
        label: fileName(path),
        createdAt: Date.now(),
        offsetMs,
        fileDurationMs,
        ...(lengthMs !== undefined ? { lengthMs } : {}),
      });
      setProblem(null);
    },
    [],
  );

  const importPath = useCallback(
    async (path: string) => {
      const name = fileName(path);
      const request = { path, pointsPerSecond: TAKE_PEAKS_PER_SECOND };
      // Started with the probe: the peaks are decoded while the probe answers (≤ 1 s target).
      void queryClient.prefetchQuery({
        queryKey: queryKeyFor('media:peaks', request),
        queryFn: async () => {
          const answer = await invokeResult('media:peaks', request);
          if (!answer.ok) throw new Error(answer.error.message);
          return answer.value;
        },
        staleTime: Infinity,
      });
      const info = await invokeResult('media:inspect', { path });
      if (!info.ok || !info.value.audio) {
        setProblem({
          kind: 'refused',
          message: `${name} is not an audio file Soundstage can read${
            info.ok ? ' (it has no sound)' : ''
          }. Choose a WAV, MP3, M4A or FLAC file.`,
        });
        return;
      }
      const part = useScoreStore.getState().history?.present ?? EMPTY_SCORE;
      const durationMs = part.video?.durationMs ?? 0;
      if (durationMs <= 0) {
        setProblem({ kind: 'refused', message: 'Open a video first, then import audio onto it.' });
        return;
      }
      const fileDurationMs = info.value.durationMs;
      const fit = fitImport(fileDurationMs, useTransport.getState().playheadMs, durationMs);
      if (fit.fits) {
        place(path, fit.offsetMs, fileDurationMs);
        return;
      }
      setProblem({
        kind: 'too-long',
        message:
          `${name} lasts ${formatTimecode(fileDurationMs)}, longer than the ` +
          `${formatTimecode(fit.trimToMs)} left of the video from the playhead.`,
        path,
        name,
        offsetMs: fit.offsetMs,
        fileDurationMs,
        trimToMs: fit.trimToMs,
      });
    },
    [place, queryClient],
  );

  const choose = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      const [path] = await pickFiles('audio', false);
      if (path) await importPath(path);
    } catch (error) {
      setProblem({ kind: 'refused', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }, [importPath]);

  const acceptTrim = useCallback(() => {
    if (problem?.kind !== 'too-long') return;
    place(problem.path, problem.offsetMs, problem.fileDurationMs, problem.trimToMs);
  }, [problem, place]);

  return { busy, problem, choose, acceptTrim, dismiss: () => setProblem(null) };
}
