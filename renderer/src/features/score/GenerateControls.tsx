import { useState } from 'react';
import { laneProblems } from '../../../../shared/domain/timeline';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SparkIcon } from '../../ui/icons';
import { EstimateLine } from '../../editor/tasks/EstimateLine';
import { JobProgress } from './JobProgress';
import type { OpenVerdict } from './open-checks';
import { generateJob, type GenerateKind } from './score-requests';
import { useScorePart, useScoreStore } from './score-store';
import { StreamAudition } from './StreamAudition';
import { useRunningScoreJob, useScoreJobFailure } from './use-project-jobs';
import { useSubmitScoreJob } from './use-submit-job';
import * as player from '../../editor/media/player';
import { useTransport } from '../../editor/media/transport-store';
import { useApiQuery } from '../../bridge/query';
import { musicGate, sfxGate, useCapabilities } from '../../editor/capabilities/use-capabilities';

const KINDS: { kind: GenerateKind; label: string; hint: string }[] = [
  {
    kind: 'music',
    label: 'Music',
    hint: 'Streams: the picture plays from 0 with the music as it arrives',
  },
  { kind: 'sfx', label: 'SFX', hint: 'Sound effects following the SFX lane' },
  { kind: 'both', label: 'Both', hint: 'One combined music + SFX track (video-to-sound)' },
];

/** Generate from the lanes: music (streamed against the picture), SFX, or both as one track. */
export function GenerateControls({ verdict }: { verdict: OpenVerdict | null }) {
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const [kind, setKind] = useState<GenerateKind>('music');
  const running = useRunningScoreJob(kind);
  const streaming = useRunningScoreJob('music');
  const auditionJobId = useTransport((s) => s.auditionJobId);
  const jobs = useApiQuery('jobs:list', {}, { enabled: !!auditionJobId });
  const audition = jobs.data?.find((job) => job.id === auditionJobId);
  const failure = useScoreJobFailure(kind);
  const { submit, pending, error } = useSubmitScoreJob(kind, (job) => {
    if (job.request.delivery === 'stream') useTransport.getState().set({ auditionJobId: job.id });
  });
  const built = generateJob(part, kind);
  const lane = kind === 'sfx' ? part.lanes.sfx : part.lanes.music;
  const broken = laneProblems(lane, part.video?.durationMs)[0];
  // What this machine cannot generate offline (no table on the cloud service: nothing blocked).
  const table = useCapabilities().data?.table;
  const unavailable =
    kind === 'sfx'
      ? sfxGate(table)
      : kind === 'both'
        ? (musicGate(table) ?? sfxGate(table))
        : musicGate(table);
  const reason = readOnly
    ? 'This project is read-only.'
    : (unavailable ??
      verdict?.blocked[kind] ??
      (broken
        ? `Fix the ${kind === 'sfx' ? 'SFX' : 'music'} lane first: ${broken.message}`
        : undefined) ??
      (built.ok ? undefined : built.reason));

  return (
    <div className="score-action">
      <div className="segmented" role="radiogroup" aria-label="What to generate">
        {KINDS.map((option) => (
          <label key={option.kind} className="segmented__option" title={option.hint}>
            <input
              type="radio"
              name="score-generate-kind"
              value={option.kind}
              checked={kind === option.kind}
              onChange={() => setKind(option.kind)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <Button
        variant="primary"
        icon={<SparkIcon />}
        data-testid="score-generate"
        disabled={!!reason || !!running || pending}
        busy={pending || !!running}
        title={reason ?? KINDS.find((o) => o.kind === kind)?.hint}
        onClick={() => built.ok && submit(built.job)}
      >
        Generate
      </Button>
      {reason ? (
        <span className="small score-action__reason">{reason}</span>
      ) : (
        <EstimateLine units={built.ok ? built.units : undefined} />
      )}
      {running && kind !== 'music' && <JobProgress job={running} label={`Generating ${kind}`} />}
      {audition && (
        <StreamAudition
          key={audition.id}
          job={audition}
          onClose={() => {
            player.stop();
            useTransport.getState().set({ auditionJobId: null });
          }}
        />
      )}
      {streaming && <JobProgress job={streaming} label="Generating music" />}
      {error && <ErrorNotice error={error} testId="score-generate-error" />}
      {failure && !running && (
        <ErrorNotice error={new Error(failure)} testId="score-generate-error" />
      )}
    </div>
  );
}
