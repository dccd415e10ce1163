import { taskStatusSchema } from '../../../../shared/api/responses';
import type { Job } from '../../../../shared/domain/jobs/job';
import { goTo } from '../../app/routes';
import { formatClock } from '../../lib/format';
import { Button } from '../../ui/Button';
import { ScoreIcon } from '../../ui/icons';
import { draftFromBrief } from '../../editor/music/music-form';
import { useMusicDraft } from '../../editor/music/music-store';

/** A video-analysis brief as a readable plan, with a way to score it in Music. */
export function BriefView({ job }: { job: Job }) {
  const setDraft = useMusicDraft((s) => s.set);
  const parsed = taskStatusSchema.safeParse(job.result);
  if (!parsed.success || !parsed.data.segments?.length) return null;
  const { segments, variations = [] } = parsed.data;

  const send = (variation?: string) => {
    setDraft(draftFromBrief(segments, variation));
    goTo('score');
  };

  return (
    <div className="brief" data-testid="brief">
      <ol className="brief__segments">
        {segments.map((segment, index) => (
          <li key={index}>
            <span className="brief__time nums">
              {formatClock(segment.start)}–{formatClock(segment.end)}
            </span>
            {segment.label !== 'none' && (
              <span className="badge badge--plain">{segment.label}</span>
            )}
            <span>{segment.prompt}</span>
          </li>
        ))}
      </ol>
      {variations.length > 0 && (
        <ul className="brief__variations">
          {variations.map((variation, index) => (
            <li key={index}>
              <span className="small">
                <strong>Variation {index + 1}.</strong> {variation.prompt}
              </span>
              <Button size="small" icon={<ScoreIcon />} onClick={() => send(variation.prompt)}>
                Score this in Music
              </Button>
            </li>
          ))}
        </ul>
      )}
      {variations.length === 0 && (
        <Button size="small" icon={<ScoreIcon />} onClick={() => send()}>
          Score this in Music
        </Button>
      )}
    </div>
  );
}
