import { useState } from 'react';
import { useApiMutation } from '../../bridge/query';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SearchIcon } from '../../ui/icons';
import { JsonView } from '../../ui/JsonView';
import { Panel } from '../../ui/Panel';

const STATUS_TONES: Record<string, BadgeTone> = {
  processing: 'info',
  succeeded: 'ok',
  failed: 'danger',
};

/** GET /v1/tasks/{id} for any task id, shown as readable JSON. */
export function TaskLookup() {
  const [taskId, setTaskId] = useState('');
  const lookup = useApiMutation('tasks:get');
  const status = typeof lookup.data?.status === 'string' ? lookup.data.status : undefined;
  const trimmed = taskId.trim();

  return (
    <Panel
      title="Look up a task"
      hint="Ask the service for the current status of any task id (for example one from another device)."
      label="Look up a task"
    >
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) lookup.mutate({ taskId: trimmed });
        }}
      >
        <input
          className="input mono lookup__input"
          aria-label="Task id"
          data-testid="task-lookup-id"
          placeholder="Task id, e.g. 3f2a…"
          value={taskId}
          maxLength={200}
          onChange={(e) => setTaskId(e.target.value)}
        />
        <Button
          type="submit"
          icon={<SearchIcon />}
          busy={lookup.isPending}
          disabled={!trimmed}
          data-testid="task-lookup-submit"
        >
          Look up
        </Button>
      </form>
      {lookup.error && <ErrorNotice error={lookup.error} />}
      {lookup.data && (
        <div className="stack" data-testid="task-lookup-result">
          <div className="row">
            <span className="small muted">Status</span>
            <Badge tone={STATUS_TONES[status ?? ''] ?? 'neutral'}>{status ?? 'unknown'}</Badge>
            {lookup.data.refunded === true && <Badge tone="ok">refunded</Badge>}
          </div>
          <JsonView value={lookup.data} label="Task status JSON" />
        </div>
      )}
    </Panel>
  );
}
