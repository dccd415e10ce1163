import { useApiMutation } from '../bridge/query';
import { Button } from './Button';

/**
 * "Show in folder" for a file the app wrote: main reveals it in the file manager with the file
 * selected (files:reveal; main decides whether the path is one the app may name). A refusal
 * shows beside the button instead of failing silently.
 */
export function RevealButton({ path, testId }: { path: string; testId?: string }) {
  const reveal = useApiMutation('files:reveal');
  return (
    <>
      <Button
        size="small"
        data-testid={testId}
        busy={reveal.isPending}
        onClick={() => reveal.mutate({ path })}
      >
        Show in folder
      </Button>
      {reveal.error && (
        <span className="small reveal-error" role="alert">
          The folder could not be shown: {reveal.error.message}
        </span>
      )}
    </>
  );
}
