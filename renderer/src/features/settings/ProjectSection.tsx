import { useState } from 'react';
import type { Settings } from '../../../../shared/ipc/settings';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Field } from '../../ui/Field';
import { Panel } from '../../ui/Panel';
import { useApiQuery } from '../../bridge/query';
import { ProjectFolderField } from './ProjectFolderField';
import { useSettings } from './use-settings';

/** Where results are written and how many jobs run at once. */
export function ProjectSection({ settings }: { settings: Settings }) {
  const { update } = useSettings();
  const services = useApiQuery('account:services', {}, { staleTime: 60_000 });
  const accountLimit = Number(services.data?.concurrency_limit);
  const [maxJobs, setMaxJobs] = useState(String(settings.maxConcurrentJobs));
  // When main's settings change, the form follows them.
  const [shown, setShown] = useState(settings);
  if (shown.maxConcurrentJobs !== settings.maxConcurrentJobs) {
    setShown(settings);
    setMaxJobs(String(settings.maxConcurrentJobs));
  }

  const jobs = Number(maxJobs);
  const jobsError =
    Number.isInteger(jobs) && jobs >= 1 && jobs <= 10 ? undefined : 'A whole number from 1 to 10.';
  const dirty = jobs !== settings.maxConcurrentJobs;

  return (
    <Panel title="Project" hint="Results and saved takes are written here." label="Project">
      <ProjectFolderField current={settings.projectFolder} />
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!jobsError) update.mutate({ maxConcurrentJobs: jobs });
        }}
      >
        <Field
          label="Max concurrent jobs"
          error={jobsError}
          help={
            Number.isFinite(accountLimit) && accountLimit > 0
              ? `The account allows ${accountLimit} at once; the lower of the two applies.`
              : "The account's concurrency limit caps this further."
          }
        >
          {(ids) => (
            <input
              id={ids.id}
              className="input input--num settings__jobs"
              data-testid="settings-max-jobs"
              type="number"
              min={1}
              max={10}
              step={1}
              value={maxJobs}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              onChange={(e) => setMaxJobs(e.target.value)}
            />
          )}
        </Field>
        {update.error && <ErrorNotice error={update.error} />}
        <div className="row">
          <Button
            type="submit"
            variant="primary"
            disabled={!dirty || !!jobsError}
            busy={update.isPending}
          >
            Save project settings
          </Button>
        </div>
      </form>
    </Panel>
  );
}
