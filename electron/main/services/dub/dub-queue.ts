import type { CapabilityTable } from '../../../../shared/api/capabilities';
import type { LanguageCode } from '../../../../shared/api/languages';
import {
  planDubBatch,
  pendingRequests,
  requestLabel,
  runCoverage,
} from '../../../../shared/domain/dub';
import type { DubBatchPlan } from '../../../../shared/domain/dub';
import type { Job } from '../../../../shared/domain/jobs/job';
import {
  dubPartSchema,
  type DubPart,
  type DubScript,
  type DubSettings,
} from '../../../../shared/domain/project/document';
import type { DubQueueState } from '../../../../shared/ipc/channels/dub';
import { fail, ok, type Result } from '../../../../shared/ipc/result';
import type { ApiClient } from '../api-client/api-client';
import type { JobRunner } from '../job-runner/job-runner';
import type { ProjectStore } from '../project/project-store';
import type { DubFacts } from './dub-facts';
import type { RequestPacer } from './request-pacer';

/** API error kinds of a 402: the account cannot pay for more until the user acts. */
const PAYMENT_KINDS = ['insufficient_balance', 'payment_required', 'trial_exhausted'];

const PAYMENT_MESSAGE =
  'The account ran out of balance, so the batch is paused. Top up the balance (or add a ' +
  'payment method), then press Resume: cells already finished are not charged again.';

export interface DubQueueOptions {
  jobs: Pick<JobRunner, 'submit' | 'retry' | 'cancel' | 'get' | 'list' | 'refresh'>;
  projects: Pick<ProjectStore, 'open' | 'patch'>;
  facts: DubFacts;
  pacer: RequestPacer;
  client: () => ApiClient | null;
  engine: () => 'local' | 'remote';
  maxUploadMb: () => Promise<number>;
  /** The local engine's capability table (null on the cloud service or when unknown). */
  capabilities?: () => Promise<CapabilityTable | null>;
  onQueueChanged: (state: DubQueueState) => void;
  onRunsChanged: (projectPath: string, runs: Record<string, string>) => void;
  /** A batch ended (every job of it finished): notifications and taskbar progress. */
  onBatchProgress?: (progress: {
    finished: number;
    total: number;
    failed: number;
    sending: boolean;
  }) => void;
}

export interface StartInput {
  projectPath: string;
  videos: readonly string[];
  scripts: readonly DubScript[];
  settings: DubSettings;
  /** Cells left out of this run (planned as skipped: no request, no charge). */
  excluded?: readonly { video: string; language: string }[];
}

/**
 * The batch queue in main: plans a project's batch from main's own facts, submits the requests
 * not yet run through the job runner (which persists them before any POST), records which job
 * runs which request in the project, and holds the whole queue when the service says 402.
 * Running again after a crash submits only requests with no job: nothing is charged twice.
 */
export class DubQueue {
  private paused: DubQueueState['reason'] = null;
  /** Job ids of every batch started in this run of the app (for pause, 402 and progress). */
  private readonly batchJobs = new Set<string>();
  /** Jobs that stopped on a 402 (retried on resume). */
  private readonly stoppedOnPayment = new Set<string>();
  /**
   * Batches being submitted now: the runner may look at a new job before `submit` returns its
   * id, so while this is above 0 every queued dubbing job counts as the batch's.
   */
  private submitting = 0;
  private windowTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: DubQueueOptions) {
    // Every request moves the pacing window: report it at most once a second, not per poll.
    options.pacer.onChange(() => {
      if (this.windowTimer) return;
      this.windowTimer = setTimeout(() => {
        this.windowTimer = null;
        this.emitState();
      }, 1000);
      this.windowTimer.unref?.();
    });
  }

  /**
   * Counts a project's runs as batch jobs (after a restart the queue knows them only once the
   * workspace asks for the project's status or starts it), so a 402 on them pauses the queue.
   */
  track(runs: Readonly<Record<string, string>>): void {
    for (const id of Object.values(runs)) this.batchJobs.add(id);
  }

  /** Whether a job belongs to a batch (its end is told with the batch's, not on its own). */
  ownsJob(job: Job): boolean {
    return this.batchJobs.has(job.id) || (this.submitting > 0 && job.request.type === 'dubbing');
  }

  /** Whether the job runner should hold a queued job (it holds dub jobs while paused). */
  holds(job: Job): boolean {
    if (this.paused === null) return false;
    return this.batchJobs.has(job.id) || (this.submitting > 0 && job.request.type === 'dubbing');
  }

  state(): DubQueueState {
    const stageOf = (id: string) => this.options.jobs.get(id)?.stage;
    const active = [...this.batchJobs].filter((id) => {
      const stage = stageOf(id);
      return stage !== undefined && !['succeeded', 'failed', 'canceled'].includes(stage);
    }).length;
    return {
      paused: this.paused !== null,
      reason: this.paused,
      message:
        this.paused === 'payment'
          ? PAYMENT_MESSAGE
          : this.paused === 'user'
            ? 'Paused: tasks already sent finish; nothing new is sent until you press Resume.'
            : null,
      rpmWindow: this.options.pacer.window(),
      active,
      // While paused a queued job is held before any POST: the Jobs list shows it as paused.
      held:
        this.paused === null ? [] : [...this.batchJobs].filter((id) => stageOf(id) === 'queued'),
    };
  }

  /** Every job change passes here (from the runner's onChange). */
  jobChanged(job: Job): void {
    if (!this.batchJobs.has(job.id)) return;
    if (job.stage === 'failed' && job.error && PAYMENT_KINDS.includes(job.error.kind)) {
      this.stoppedOnPayment.add(job.id);
      if (this.paused !== 'payment') {
        this.paused = 'payment';
        this.emitState();
      }
    }
    if (['succeeded', 'failed', 'canceled'].includes(job.stage)) this.reportProgress();
  }

  async start(
    input: StartInput,
  ): Promise<Result<{ runs: Record<string, string>; submitted: number; blocked: number }>> {
    const opened = await this.options.projects.open(input.projectPath);
    if (!opened.ok) return opened;
    if (!opened.value.document)
      return fail('project_read_only', opened.value.notice ?? 'The project cannot be changed.');
    const runs = { ...(opened.value.document.dub?.runs ?? {}) };
    // The cells left out in the saved batch stay out even when a caller did not list them
    // (the renderer saves before it starts, so the file holds what the grid shows).
    const excluded = [...(input.excluded ?? []), ...(opened.value.document.dub?.excluded ?? [])];
    // Requests already sent stay covered, so languages added later plan only their new cells.
    const plan = await this.plan({ ...input, excluded }, runs);
    if (!plan.ok) return plan;
    const blocked = plan.value.counts.blocked;
    const pending = pendingRequests(plan.value, runs);
    for (const id of Object.values(runs)) this.batchJobs.add(id);
    if (pending.length === 0 && Object.keys(runs).length === 0)
      return fail(
        'nothing_to_dub',
        'No cell can run: fix the blocked cells, or add videos and languages.',
      );
    let submitted = 0;
    this.submitting += 1;
    try {
      for (const request of pending) {
        const job = await this.options.jobs.submit(
          {
            type: 'dubbing',
            delivery: 'async',
            fields: request.form.fields,
            files: request.form.files,
            label: requestLabel(request),
          },
          { project: input.projectPath },
        );
        if (!job.ok) return job;
        this.batchJobs.add(job.value.id);
        runs[request.key] = job.value.id;
        submitted += 1;
        // Recorded after each submission, so a crash between two leaves the first one known.
        const saved = await this.saveRuns(input, runs);
        if (!saved.ok) return saved;
      }
    } finally {
      this.submitting -= 1;
    }
    this.options.onRunsChanged(input.projectPath, runs);
    // Jobs that ended while others were being sent were not told; tell the batch's end now if
    // they all have (otherwise the last job to end does).
    if (submitted > 0) this.reportProgress();
    else this.emitState();
    return ok({ runs, submitted, blocked });
  }

  pause(): DubQueueState {
    this.paused ??= 'user';
    this.emitState();
    return this.state();
  }

  async resume(): Promise<DubQueueState> {
    const wasPayment = this.paused === 'payment';
    this.paused = null;
    if (wasPayment) {
      for (const id of this.stoppedOnPayment) await this.options.jobs.retry(id);
      this.stoppedOnPayment.clear();
    }
    this.options.jobs.refresh();
    this.emitState();
    return this.state();
  }

  async retry(
    projectPath: string,
    keys: readonly string[],
  ): Promise<Result<{ runs: Record<string, string> }>> {
    const runs = await this.runsOf(projectPath);
    if (!runs.ok) return runs;
    for (const key of keys) {
      const id = runs.value[key];
      if (!id) continue;
      this.batchJobs.add(id);
      const retried = await this.options.jobs.retry(id);
      if (!retried.ok) return retried;
    }
    return ok({ runs: runs.value });
  }

  async cancel(
    projectPath: string,
    keys: readonly string[],
  ): Promise<Result<{ canceled: number }>> {
    const runs = await this.runsOf(projectPath);
    if (!runs.ok) return runs;
    let canceled = 0;
    for (const key of keys) {
      const id = runs.value[key];
      if (id && (await this.options.jobs.cancel(id)).ok) canceled += 1;
    }
    return ok({ canceled });
  }

  async runsOf(projectPath: string): Promise<Result<Record<string, string>>> {
    const opened = await this.options.projects.open(projectPath);
    if (!opened.ok) return opened;
    return ok({ ...(opened.value.document?.dub?.runs ?? {}) });
  }

  /** The batch plan as main computes it (the renderer computes the same from the same facts). */
  async plan(
    input: Omit<StartInput, 'projectPath'>,
    runs: Readonly<Record<string, string>> = {},
  ): Promise<Result<DubBatchPlan>> {
    const client = this.options.client();
    if (!client)
      return fail(
        'engine_unavailable',
        'The service is not reachable yet. Wait a moment, or check Settings.',
        {
          retryable: true,
        },
      );
    const account = await client.getServices();
    if (!account.ok)
      return fail(account.error.kind, account.error.message, {
        retryable: account.error.retryable,
      });
    this.options.pacer.setLimit(account.value.rpm_limit ?? null);
    const [videos, scriptFacts] = await Promise.all([
      this.options.facts.videoFacts(input.videos),
      this.options.facts.scriptFacts(
        input.scripts.map((script) => ({ path: script.path, language: script.language })),
      ),
    ]);
    return ok(
      planDubBatch({
        videos,
        scripts: input.scripts,
        scriptFacts,
        settings: {
          languages: input.settings.languages as LanguageCode[],
          ducking: input.settings.ducking,
          lipsync: input.settings.lipsync,
          exportSrt: input.settings.exportSrt,
          engine: this.options.engine(),
          maxUploadMb: await this.options.maxUploadMb(),
        },
        account: account.value,
        excluded: new Set(
          (input.excluded ?? []).map((cell) => `${cell.video}\u0000${cell.language}`),
        ),
        capabilities: (await this.options.capabilities?.()) ?? null,
        covered: runCoverage(runs, { get: (id) => this.options.jobs.get(id) }),
      }),
    );
  }

  private saveRuns(input: StartInput, runs: Record<string, string>): Promise<Result<unknown>> {
    return this.options.projects.patch(input.projectPath, (document) => {
      const part: DubPart = dubPartSchema.parse(document.dub ?? {});
      return {
        ...document,
        dub: {
          ...part,
          videos: part.videos.length > 0 ? part.videos : input.videos.map((path) => ({ path })),
          scripts: part.scripts.length > 0 ? part.scripts : [...input.scripts],
          settings: part.settings.languages.length > 0 ? part.settings : input.settings,
          runs: { ...part.runs, ...runs },
        },
      };
    });
  }

  private reportProgress(): void {
    const jobs = [...this.batchJobs]
      .map((id) => this.options.jobs.get(id))
      .filter(Boolean) as Job[];
    const ended = jobs.filter((job) => ['succeeded', 'failed', 'canceled'].includes(job.stage));
    this.options.onBatchProgress?.({
      finished: ended.length,
      total: jobs.length,
      failed: ended.filter((job) => job.stage !== 'succeeded').length,
      sending: this.submitting > 0,
    });
    this.emitState();
  }

  private emitState(): void {
    this.options.onQueueChanged(this.state());
  }
}
