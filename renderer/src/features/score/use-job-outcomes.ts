import { useEffect } from 'react';
import type { Job } from '../../../../shared/domain/jobs/job';
import type { PromptLane } from '../../../../shared/domain/project/document';
import {
  planLanding,
  type ScoreJob,
  type ScoreJobKind,
} from '../../../../shared/domain/project/score-jobs';
import { audioFileOf } from '../../editor/music/take-view';
import { applyBrief } from './brief-choice';
import { useLandingState } from './landing-state';
import { newId } from './lane-edits';
import { useScoreStore } from './score-store';
import { retellJobNotice } from '../../app/toast-words';
import { addTake, takesOf } from './take-edits';
import { takeLabel, takeLetter } from './take-label';
import { useProjectJobsRead, useProjectJobsSync } from './use-project-jobs';

const LANE_OF: Record<Exclude<ScoreJobKind, 'analyse'>, PromptLane> = {
  music: 'music',
  sfx: 'sfx',
  // video-to-sound is one combined track: it is heard (and A/B'd) on the music lane.
  both: 'music',
};

function applyTake(job: Job, kind: Exclude<ScoreJobKind, 'analyse'>): string | undefined {
  const file = audioFileOf(job);
  if (!file) return 'The generation finished without an audio file; open it from Jobs.';
  const id = newId();
  const lane = LANE_OF[kind];
  addTake({
    id,
    lane,
    jobId: job.id,
    path: file.path,
    label: takeLabel(job, kind),
    createdAt: job.finishedAt ?? Date.now(),
    offsetMs: 0,
  });
  // The job's notice then says where the take is instead of sending the user to Jobs.
  const part = useScoreStore.getState().history?.present;
  const index = part ? takesOf(part, lane).findIndex((take) => take.id === id) : -1;
  if (index >= 0) retellJobNotice(job.id, `Take ${takeLetter(index)} is on the timeline.`);
  return undefined;
}

/** One job into the document (one undo step), recorded as landed in the same edit. */
function land({ job, kind }: ScoreJob): void {
  const failure =
    kind === 'analyse' ? applyBrief(job.result, 0, 'Apply brief', job.id) : applyTake(job, kind);
  if (!failure) {
    if (kind === 'analyse')
      retellJobNotice(job.id, 'The brief is on the timeline: music and SFX lanes, with prompts.');
    return;
  }
  // Nothing to land: recorded all the same, so it is not tried again on every open.
  useScoreStore.getState().edit('Land job', (part) => part, { landedJobIds: [job.id] });
  useLandingState.getState().fail(kind, job.id, failure);
}

/**
 * Lands each finished Score job of the open project that the document has not taken in yet
 * (docs/decisions/105-score-jobs-from-main.md): main's job list says what finished, the part's
 * landed record says what already became a change. Works the same for a job started before a
 * reload or a closed window as for one started a second ago. Answers the project whose jobs
 * have been read and landed (the workspace shows it as `data-jobs`), null before.
 */
export function useJobOutcomes(): string | null {
  useProjectJobsSync();
  const { jobs, read } = useProjectJobsRead();
  const history = useScoreStore((s) => s.history);
  const landedJobIds = useScoreStore((s) => s.landedJobIds);
  const checked = useLandingState((s) => s.checkedProject);

  useEffect(() => {
    const { project, history: current, landedJobIds: landed } = useScoreStore.getState();
    if (!read || !project) return;
    // A read-only window leaves landing to the window that holds the project.
    if (project.readOnly || !current) {
      useLandingState.setState({ checkedProject: project.path });
      return;
    }
    const plan = planLanding(jobs, current.present.video?.path, {
      landedJobIds: landed,
      takes: current.present.takes,
      savedAt: project.document.updatedAt,
    });
    if (plan.land.length > 0 && plan.skip.length > 0)
      useScoreStore.getState().edit('Land job', (part) => part, { landedJobIds: plan.skip });
    for (const entry of plan.land) land(entry);
    useLandingState.setState({ checkedProject: project.path });
  }, [jobs, read, history, landedJobIds]);
  return checked;
}
