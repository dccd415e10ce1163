import { useMemo } from 'react';
import { LIMITS } from '../../../../shared/api/limits';
import { accountServicesSchema } from '../../../../shared/api/responses';
import type { Job } from '../../../../shared/domain/jobs/job';
import {
  planDubBatch,
  runCoverage,
  type DubBatchPlan,
  type ScriptFacts,
  type VideoFacts,
} from '../../../../shared/domain/dub';
import { useApiQuery } from '../../bridge/query';
import { useDubBatch } from './batch-store';
import { useBatchFacts, type BatchFacts } from './use-batch-facts';
import { useCapabilities } from '../../editor/capabilities/use-capabilities';

export interface DubPlanView {
  plan: DubBatchPlan;
  facts: BatchFacts;
  jobs: ReadonlyMap<string, Job>;
  engine: 'local' | 'remote';
}

/** The batch plan for what is on screen now: the draft, the facts of its files, the account. */
export function useDubPlan(): DubPlanView {
  const state = useDubBatch();
  const facts = useBatchFacts(state.videos, state.scripts);
  const services = useApiQuery('account:services', {}, { staleTime: 30_000 });
  const status = useApiQuery('engine:status', {});
  const jobList = useApiQuery('jobs:list', {});
  // Cells this machine cannot dub are blocked in preflight (docs/engine-notes.md 7).
  const capabilities = useCapabilities().data?.table ?? null;
  const engine = status.data?.kind === 'custom' ? 'remote' : 'local';
  // The facts arrays are rebuilt every render; their text is what the plan depends on.
  const videosText = JSON.stringify(facts.videos);
  const scriptsText = JSON.stringify(facts.scripts);
  const { scripts, languages, ducking, lipsync, exportSrt, excluded, runs } = state;
  const servicesData = services.data;

  const jobs = useMemo(
    () => new Map((jobList.data ?? []).map((job) => [job.id, job])),
    [jobList.data],
  );
  // Which languages each sent request covers (from its job): added languages plan only new cells.
  const coverageText = JSON.stringify(
    [...runCoverage(runs, jobs)].map(([k, v]) => [k, v && [...v]]),
  );

  const plan = useMemo(() => {
    const parsed = servicesData ? accountServicesSchema.safeParse(servicesData) : undefined;
    const account = parsed?.success ? parsed.data : undefined;
    return planDubBatch({
      videos: JSON.parse(videosText) as VideoFacts[],
      scripts,
      scriptFacts: JSON.parse(scriptsText) as ScriptFacts[],
      settings: {
        languages,
        ducking,
        lipsync,
        exportSrt,
        engine,
        maxUploadMb: account?.max_upload_size_mb ?? LIMITS.defaultMaxUploadMb,
      },
      account: account ?? {},
      excluded: new Set(Object.keys(excluded)),
      capabilities,
      covered: new Map(
        (JSON.parse(coverageText) as [string, string[] | null][]).map(([key, langs]) => [
          key,
          langs && new Set(langs),
        ]),
      ),
    });
  }, [
    coverageText,
    capabilities,
    videosText,
    scriptsText,
    scripts,
    languages,
    ducking,
    lipsync,
    exportSrt,
    excluded,
    engine,
    servicesData,
  ]);
  return {
    plan,
    facts,
    jobs,
    engine,
  };
}
