import { RevealButton } from '../../ui/RevealButton';

/**
 * What Export all wrote, and a way to the folder: revealing the first file opens the export
 * folder in the file manager with it selected (files:reveal, the channel Jobs uses too).
 */
export function ExportedNote({ exported }: { exported: { folder: string; files: string[] } }) {
  const count = exported.files.length;
  const first = exported.files[0];
  return (
    <div className="row dub-bar__banner">
      <p className="small faint" role="status">
        Exported {count} file{count === 1 ? '' : 's'} to {exported.folder}
      </p>
      {first && <RevealButton path={first} testId="dub-export-reveal" />}
    </div>
  );
}
