import { useApiMutation } from '../../bridge/query';
import { Button } from '../../ui/Button';

/**
 * What Export all wrote, and a way to the folder: revealing the first file opens the export
 * folder in the file manager with it selected (files:reveal, the channel Jobs uses too).
 */
export function ExportedNote({ exported }: { exported: { folder: string; files: string[] } }) {
  const reveal = useApiMutation('files:reveal');
  const count = exported.files.length;
  const first = exported.files[0];
  return (
    <div className="row dub-bar__banner">
      <p className="small faint" role="status">
        Exported {count} file{count === 1 ? '' : 's'} to {exported.folder}
      </p>
      {first && (
        <Button
          size="small"
          data-testid="dub-export-reveal"
          busy={reveal.isPending}
          onClick={() => reveal.mutate({ path: first })}
        >
          Show in folder
        </Button>
      )}
      {reveal.error && (
        <p className="small dub-error" role="alert">
          The folder could not be shown: {reveal.error.message}
        </p>
      )}
    </div>
  );
}
