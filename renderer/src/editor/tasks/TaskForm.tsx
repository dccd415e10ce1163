import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaFacts } from '../../../../shared/api/requests/media-checks';
import type { Job } from '../../../../shared/domain/jobs/job';
import { upsertJob } from '../../bridge/jobs-cache';
import { queryKeyFor, useApiMutation, useApiQuery } from '../../bridge/query';
import { hrefOf } from '../../app/routes';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SparkIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { useTakes } from '../music/music-store';
import { EstimateLine } from './EstimateLine';
import {
  billingUnits,
  buildTaskJob,
  checkTask,
  deliveryOf,
  initialValues,
  taskLabel,
  type TaskValues,
  withLocalEngineValues,
} from './task-input';
import { useTaskDrafts } from './task-drafts';
import { useCapabilities } from '../capabilities/use-capabilities';
import { languageMarks, taskCapabilityGate } from '../capabilities/task-gate';
import { TaskField } from './TaskField';
import type { TaskSpec } from './task-specs';
import './tasks.css';

/** The probe of a chosen file, for the duration, track and size checks before upload. */
function useMediaFacts(path: string): MediaFacts | undefined {
  const probe = useApiQuery('media:probe', { path }, { enabled: path !== '', staleTime: Infinity });
  return path && probe.data ? probe.data : undefined;
}

const RESULT_WORDS: Record<TaskSpec['result'], string> = {
  audio: 'It appears in Takes on the Score screen and in Jobs.',
  video: 'The video is written to the project folder; open it from Jobs.',
  brief: 'The brief appears in Jobs when it is ready.',
  subtitles: 'The .srt files are written to the project folder; open them from Jobs.',
};

/** A form for one endpoint, checked with the service's own rules before anything is sent. */
export function TaskForm({
  spec,
  onSubmitted,
}: {
  spec: TaskSpec;
  onSubmitted?: (job: Job) => void;
}) {
  const draft = useTaskDrafts((s) => s.drafts[spec.type]);
  const setDraft = useTaskDrafts((s) => s.setDraft);
  const engine = useApiQuery('engine:status', {}, { staleTime: 15_000 });
  const onLocalEngine = engine.data?.kind === 'local';
  const draftValues = draft ?? initialValues(spec);
  const values = onLocalEngine ? withLocalEngineValues(spec, draftValues) : draftValues;
  // Problems show at a field once it was touched; the reason beside the button shows at once.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const set = (patch: TaskValues) => {
    const keys = Object.keys(patch).flatMap((key) => {
      const source = spec.fields.find(
        (field) => field.kind === 'source' && (field.file === key || field.url === key),
      );
      return source?.kind === 'source' ? [source.file, source.url] : [key];
    });
    setTouched((before) => new Set([...before, ...keys]));
    // Merged into the draft as it is now, not as this render saw it: a file chooser answers
    // after its upload, and must not undo the languages chosen while it ran.
    const current = useTaskDrafts.getState().drafts[spec.type] ?? initialValues(spec);
    setDraft(spec.type, { ...current, ...patch });
  };
  const addTake = useTakes((s) => s.addTake);
  const client = useQueryClient();
  const services = useApiQuery('account:services', {}, { staleTime: 60_000 });
  const maxUploadMb =
    typeof services.data?.max_upload_size_mb === 'number'
      ? services.data.max_upload_size_mb
      : undefined;

  const sources = spec.fields.flatMap((field) => (field.kind === 'source' ? [field.file] : []));
  const firstFacts = useMediaFacts(
    typeof values[sources[0] ?? ''] === 'string' ? (values[sources[0]!] as string) : '',
  );
  const secondFacts = useMediaFacts(
    typeof values[sources[1] ?? ''] === 'string' ? (values[sources[1]!] as string) : '',
  );
  const media: Record<string, MediaFacts> = {};
  if (sources[0] && firstFacts) media[sources[0]] = firstFacts;
  if (sources[1] && secondFacts) media[sources[1]] = secondFacts;

  const check = checkTask(spec, values, media, maxUploadMb);
  // What this machine cannot do is marked before the user tries (docs/engine-notes.md 7).
  const capabilities = useCapabilities();
  const table = onLocalEngine ? capabilities.data?.table : null;
  const unavailable = taskCapabilityGate(table, spec.type, values);
  const marks = languageMarks(table, spec.type, values);
  const blocker = check.blocker ?? unavailable;
  const reasonId = `${spec.type}-submit-reason`;
  const streaming = deliveryOf(spec, values) === 'stream';
  const submit = useApiMutation('jobs:submit', {
    onSuccess: (job: Job) => {
      client.setQueryData<Job[]>(queryKeyFor('jobs:list'), (list) => upsertJob(list, job));
      if (spec.result === 'audio') addTake(job.id);
      onSubmitted?.(job);
    },
  });

  const send = () => {
    if (check.request && !unavailable && !submit.isPending)
      submit.mutate(buildTaskJob(spec, check.request, taskLabel(spec, values)));
  };

  return (
    <form
      className="task"
      aria-label={spec.title}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <p className="muted small">{spec.description}</p>
      {spec.streamable && (
        <div className="segmented" role="radiogroup" aria-label="Delivery">
          {(['stream', 'async'] as const).map((mode) => (
            <label key={mode} className="segmented__option">
              <input
                type="radio"
                name={`${spec.type}-mode`}
                checked={values.mode === mode}
                onChange={() => set({ mode })}
              />
              <span>{mode === 'stream' ? 'Stream' : 'Async'}</span>
            </label>
          ))}
        </div>
      )}
      {spec.fields.map((field) => (
        <TaskField
          key={field.kind === 'source' ? field.file : field.name}
          field={field}
          values={values}
          problems={new Map([...check.problems].filter(([key]) => touched.has(key)))}
          segmentProblems={check.segmentProblems}
          streaming={streaming}
          onLocalEngine={onLocalEngine}
          mediaSeconds={firstFacts?.durationSeconds}
          languageMarks={marks}
          set={set}
        />
      ))}
      {check.problems.get('form')?.map((message) => (
        <p key={message} className="field__error" role="alert">
          {message}
        </p>
      ))}
      {submit.error && <ErrorNotice error={submit.error} />}
      {submit.isSuccess && (
        <Notice tone="ok" title="Submitted">
          {RESULT_WORDS[spec.result]}{' '}
          {spec.result === 'audio' ? (
            <button
              type="button"
              className="link-button"
              onClick={() =>
                document.getElementById('takes')?.scrollIntoView({ behavior: 'smooth' })
              }
            >
              Show in Takes
            </button>
          ) : (
            <a href={hrefOf('jobs')}>Open Jobs</a>
          )}
        </Notice>
      )}
      <div className="task__actions">
        <Button
          type="submit"
          variant="primary"
          icon={<SparkIcon />}
          disabled={!check.request || !!unavailable}
          busy={submit.isPending}
          aria-describedby={blocker ? reasonId : undefined}
          data-testid="task-submit"
        >
          {spec.result === 'brief'
            ? 'Analyse'
            : spec.result === 'subtitles'
              ? 'Proofread'
              : spec.type === 'dubbing'
                ? 'Dub'
                : 'Generate'}
        </Button>
        {blocker ? (
          <span
            className="music-form__reason"
            id={reasonId}
            data-testid={unavailable && !check.blocker ? 'capability-blocker' : undefined}
          >
            {blocker}
          </span>
        ) : (
          <EstimateLine
            units={billingUnits(spec, values, media)}
            unknown="Billed on the video's length; choose a local file to see the charge."
          />
        )}
      </div>
    </form>
  );
}
