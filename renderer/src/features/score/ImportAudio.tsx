import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { formatTimecode } from '../../editor/timeline/segment-name';
import { useScorePart, useScoreStore } from './score-store';
import { useAudioImport } from './use-audio-import';

/**
 * Import audio… (a voice-over, a library track): placed at the playhead on the Audio lane.
 * A file that is not audio is refused with why; one longer than the rest of the video is
 * offered trimmed to fit.
 */
export function ImportAudio() {
  const part = useScorePart();
  const readOnly = useScoreStore((s) => s.project?.readOnly ?? true);
  const importer = useAudioImport();
  const problem = importer.problem;
  return (
    <div className="score-action">
      <Button
        data-testid="score-import-audio"
        onClick={() => void importer.choose()}
        busy={importer.busy}
        disabled={readOnly || !part.video || importer.busy}
        title="Place a WAV, MP3, M4A or FLAC file at the playhead, on the Audio lane"
      >
        Import audio…
      </Button>
      {problem ? (
        <Notice
          tone="warn"
          title={problem.kind === 'too-long' ? 'Longer than the video' : 'Not imported'}
          testId="score-import-error"
          actions={
            <>
              {problem.kind === 'too-long' ? (
                <Button size="small" data-testid="score-import-trim" onClick={importer.acceptTrim}>
                  Trim to {formatTimecode(problem.trimToMs)}
                </Button>
              ) : null}
              <Button size="small" onClick={importer.dismiss}>
                Dismiss
              </Button>
            </>
          }
        >
          {problem.message}
        </Notice>
      ) : null}
    </div>
  );
}
