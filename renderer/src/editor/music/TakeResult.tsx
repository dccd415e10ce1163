import { useState } from 'react';
import type { Job, JobFile } from '../../../../shared/domain/jobs/job';
import { hostLink } from '../../bridge/api';
import { useApiMutation, useApiQuery } from '../../bridge/query';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FolderIcon, SaveIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Waveform } from '../../ui/waveform/Waveform';
import { useTakes } from './music-store';
import { takeHandoff } from './stream-positions';
import { useTakeAction } from './take-actions';
import { suggestedSaveName, takeTitle } from './take-view';

/** A finished take: waveform, play/pause, Save as… and where it was saved. */
export function TakeResult({ job, file }: { job: Job; file: JobFile }) {
  const media = useApiQuery('media:url', { path: file.path }, { staleTime: Infinity });
  const savedPath = useTakes((s) => s.savedPaths[job.id]);
  const setSaved = useTakes((s) => s.setSaved);
  const [canceledSave, setCanceledSave] = useState(false);
  // A browser tab cannot open a file manager: the location is shown instead.
  const [showPath, setShowPath] = useState(false);
  const save = useApiMutation('files:saveAs', {
    onSuccess: ({ path }) => {
      setCanceledSave(path === null);
      if (path) setSaved(job.id, path);
    },
  });
  const reveal = useApiMutation('files:reveal');
  const browser = hostLink().mode === 'browser';
  // The screen's own action (Score: Place on timeline), first as the one most used there.
  const action = useTakeAction(job, file);

  return (
    <div className="take__result">
      {media.error ? (
        <ErrorNotice error={media.error} />
      ) : (
        <Waveform
          url={media.data?.url}
          label={takeTitle(job)}
          testId="take-waveform"
          resume={() => takeHandoff(job.id)}
        />
      )}
      <div className="row">
        {action.button}
        <Button
          icon={<SaveIcon />}
          data-testid="take-save"
          busy={save.isPending}
          onClick={() =>
            save.mutate({ source: file.path, suggestedName: suggestedSaveName(job, file) })
          }
          title={
            browser
              ? 'Copies the take into the project folder under this name'
              : 'Choose where to save a copy'
          }
        >
          Save as…
        </Button>
        <Button
          variant="ghost"
          icon={<FolderIcon />}
          aria-expanded={browser ? showPath : undefined}
          onClick={() =>
            browser
              ? setShowPath((shown) => !shown)
              : reveal.mutate({ path: savedPath ?? file.path })
          }
        >
          {browser ? 'Show location' : 'Reveal in folder'}
        </Button>
      </div>
      {action.problem}
      {savedPath && (
        <Notice tone="ok" title="Saved" testId="take-saved-path">
          <span className="mono">{savedPath}</span>
        </Notice>
      )}
      {canceledSave && !savedPath && <p className="faint small">Save canceled.</p>}
      {save.error && <ErrorNotice error={save.error} />}
      {reveal.error && <ErrorNotice error={reveal.error} />}
      {(showPath || (reveal.data && !reveal.data.shown)) && (
        <p className="faint small mono">{file.path}</p>
      )}
    </div>
  );
}
