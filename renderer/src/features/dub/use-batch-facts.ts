import { useQueries } from '@tanstack/react-query';
import { isLanguageCode, type LanguageCode } from '../../../../shared/api/languages';
import {
  readScriptName,
  type BatchScriptFile,
  type ScriptFacts,
  type VideoFacts,
} from '../../../../shared/domain/dub';
import { invoke, InvokeError } from '../../bridge/invoke';
import { queryKeyFor } from '../../bridge/query';

const message = (error: unknown) =>
  error instanceof InvokeError || error instanceof Error ? error.message : String(error);

export interface BatchFacts {
  videos: VideoFacts[];
  scripts: ScriptFacts[];
  /** Files still being probed or read (their cells show "checking"). */
  pending: ReadonlySet<string>;
}

/**
 * Probes every video and reads every script through main (ffprobe and the subtitle reader),
 * cached per path by react-query so a re-render or a language change never re-probes.
 */
export function useBatchFacts(
  videos: readonly string[],
  scripts: readonly BatchScriptFile[],
): BatchFacts {
  const probes = useQueries({
    queries: videos.map((path) => ({
      queryKey: queryKeyFor('media:probe', { path }),
      queryFn: () => invoke('media:probe', { path }),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const reads = useQueries({
    queries: scripts.map((script) => {
      const language = script.language ?? readScriptName(script.path).language ?? undefined;
      const request = language ? { path: script.path, language } : { path: script.path };
      return {
        queryKey: queryKeyFor('subtitles:read', request),
        queryFn: () => invoke('subtitles:read', request),
        staleTime: Infinity,
        retry: false,
      };
    }),
  });
  const pending = new Set<string>();
  const videoFacts = videos.map((path, index): VideoFacts => {
    const probe = probes[index]!;
    if (/^https?:\/\//i.test(path)) return { path, isUrl: true };
    if (probe.isPending) pending.add(path);
    if (probe.error) return { path, error: message(probe.error) };
    if (!probe.data) return { path };
    return {
      path,
      durationSeconds: probe.data.durationSeconds,
      bytes: probe.data.bytes,
      hasVideo: probe.data.hasVideo,
    };
  });
  const scriptFacts = scripts.flatMap((script, index): ScriptFacts[] => {
    const read = reads[index]!;
    if (read.isPending) {
      // No facts yet: the plan does not block on them, so the cell shows "checking" instead.
      pending.add(script.path);
      return [];
    }
    if (read.error)
      return [{ path: script.path, bytes: 0, cueCount: 0, error: message(read.error) }];
    const data = read.data!;
    const label = data.labelledLanguage;
    const mismatch = data.warnings.some((warning) => warning.code === 'language-mismatch');
    const guessed = data.languageGuess?.code ?? '';
    // The reader's own check tolerates regional variants (es vs es_419); only its verdict
    // of a mismatch turns into a different detected language for the plan.
    if (mismatch && !isLanguageCode(guessed)) {
      const warning = data.warnings.find((w) => w.code === 'language-mismatch')!;
      return [{ path: script.path, bytes: data.bytes, cueCount: 0, error: warning.message }];
    }
    const detectedLanguage = mismatch
      ? (guessed as LanguageCode)
      : label && isLanguageCode(label)
        ? label
        : null;
    return [
      {
        path: script.path,
        bytes: data.bytes,
        cueCount: data.cues.length,
        detectedLanguage,
        qcWarnings: data.warnings.filter((warning) => warning.code !== 'language-mismatch').length,
      },
    ];
  });
  return { videos: videoFacts, scripts: scriptFacts, pending };
}
