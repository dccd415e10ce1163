import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Job, JobFile } from '../../../../shared/domain/jobs/job';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';

/**
 * An action a screen adds to each finished take card (Score: "Place on timeline"). The take
 * cards live here, shared by every screen, and may not import a screen: the screen provides
 * its action through this context instead. `run` answers a sentence when it could not act.
 */
export interface TakeCardAction {
  label: string;
  title: string;
  testId: string;
  disabled?: boolean;
  run(job: Job, file: JobFile): Promise<string | undefined>;
}

const TakeActionContext = createContext<TakeCardAction | null>(null);

export function TakeActionProvider(props: { action: TakeCardAction; children: ReactNode }) {
  return (
    <TakeActionContext.Provider value={props.action}>{props.children}</TakeActionContext.Provider>
  );
}

/**
 * The screen's action for a finished take card: its button, and why it failed if it did (shown
 * by the card under its buttons). Both are null when no screen provides an action.
 */
export function useTakeAction(job: Job, file: JobFile): { button: ReactNode; problem: ReactNode } {
  const action = useContext(TakeActionContext);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  if (!action) return { button: null, problem: null };
  const run = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      setProblem(await action.run(job, file));
    } finally {
      setBusy(false);
    }
  };
  return {
    button: (
      <Button
        data-testid={action.testId}
        busy={busy}
        disabled={action.disabled || busy}
        title={action.title}
        onClick={() => void run()}
      >
        {action.label}
      </Button>
    ),
    problem: problem ? (
      <Notice tone="warn" title="Not placed" testId={`${action.testId}-error`}>
        {problem}
      </Notice>
    ) : null,
  };
}
