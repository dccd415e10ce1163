import { keepPreviousData } from '@tanstack/react-query';
import type { BatchScriptFile, ScriptFacts, VideoFacts } from '../../../../shared/domain/dub';
import { useApiQuery } from '../../bridge/query';

export interface BatchFacts {
  videos: VideoFacts[];
  scripts: ScriptFacts[];
  /** Files still being probed or read (their cells show "Checking…"). */
  pending: ReadonlySet<string>;
  error: string | null;
}

/**
 * Facts of every file of the batch from main (ffprobe in a bounded pool, the subtitle reader
 * with QC and language detection, cached there by file identity). The previous answer stays on
 * screen while a changed batch is measured again.
 */
export function useBatchFacts(
  videos: readonly string[],
  scripts: readonly BatchScriptFile[],
): BatchFacts {
  const request = {
    videos: [...videos],
    scripts: scripts.map((s) =>
      s.language ? { path: s.path, language: s.language } : { path: s.path },
    ),
  };
  const facts = useApiQuery('dub:facts', request, {
    enabled: videos.length + scripts.length > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const known = new Map<string, VideoFacts>((facts.data?.videos ?? []).map((v) => [v.path, v]));
  const knownScripts = new Map((facts.data?.scripts ?? []).map((s) => [s.path, s]));
  const pending = new Set<string>();
  const videoFacts = videos.map((path): VideoFacts => {
    const fact = known.get(path);
    if (!fact) pending.add(path);
    return fact ?? { path };
  });
  const scriptFacts = scripts.flatMap((script): ScriptFacts[] => {
    const fact = knownScripts.get(script.path);
    if (!fact) pending.add(script.path);
    return fact ? [fact as ScriptFacts] : [];
  });
  return {
    videos: videoFacts,
    scripts: scriptFacts,
    pending: facts.isFetching ? new Set([...pending]) : pending,
    error: facts.error ? facts.error.message : null,
  };
}
