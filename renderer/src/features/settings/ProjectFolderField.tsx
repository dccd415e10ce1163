import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hostLink } from '../../bridge/api';
import { queryKeyFor, useApiMutation } from '../../bridge/query';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';

/**
 * The project folder decides which files the app may read, so main changes it, never a plain
 * settings patch: Electron opens main's folder picker; browser mode (no picker in a tab) sends
 * a typed path that main checks, after the user confirms it here.
 */
export function ProjectFolderField({ current }: { current: string }) {
  const client = useQueryClient();
  const browser = hostLink().mode === 'browser';
  const [typed, setTyped] = useState(current);
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setTyped(current);
  }
  const choose = useApiMutation('settings:chooseProjectFolder', {
    onSuccess: (answer) => {
      client.setQueryData(queryKeyFor('settings:get'), answer.settings);
      setConfirming(false);
    },
  });
  const wanted = typed.trim();
  const error = browser && !wanted ? 'Enter a folder path.' : choose.error?.message;

  return (
    <div className="stack">
      <Field
        label="Project folder"
        error={error}
        help={
          browser
            ? 'A full path on this computer; it is created if missing. System folders and your home folder itself are refused.'
            : undefined
        }
      >
        {(ids) => (
          <div className="row">
            <input
              id={ids.id}
              className="input mono settings__folder"
              data-testid="settings-project-folder"
              spellCheck={false}
              readOnly={!browser}
              value={browser ? typed : current}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onChange={(e) => {
                setTyped(e.target.value);
                setConfirming(false);
                choose.reset();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && browser && wanted && wanted !== current) {
                  e.preventDefault();
                  setConfirming(true);
                }
              }}
            />
            <Button
              data-testid="settings-project-folder-choose"
              busy={choose.isPending && !browser}
              disabled={browser && (!wanted || wanted === current)}
              onClick={() => (browser ? setConfirming(true) : choose.mutate({}))}
            >
              {browser ? 'Use this folder…' : 'Choose folder…'}
            </Button>
          </div>
        )}
      </Field>
      {browser && confirming && (
        <Notice
          tone="warn"
          title={`Write results to ${wanted}?`}
          testId="settings-project-folder-confirm"
          actions={
            <>
              <Button
                variant="primary"
                busy={choose.isPending}
                onClick={() => choose.mutate({ typedPath: wanted })}
              >
                Use folder
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          }
        >
          Soundstage will create it if needed and may show and play the files inside it.
        </Notice>
      )}
    </div>
  );
}
