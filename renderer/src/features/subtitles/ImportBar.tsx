import { useState, type DragEvent } from 'react';
import { ENCODING_NAMES } from '../../../../shared/domain/subtitles/file';
import { Button } from '../../ui/Button';
import { EncodingChooser } from './EncodingChooser';
import { fileName } from './import-script';
import { useSubsView, subsPart } from './subs-store';
import { useSubsImport } from './use-subs-import';

/**
 * Import .srt/.vtt (picker or drop), choose the video, and what the last import said: the
 * encoding it was read in, what was mended, or why a file was refused (with its line).
 */
export function ImportBar({ videoPath }: { videoPath: string | undefined }) {
  const { pick, drop, pickVideo } = useSubsImport();
  const lastImport = useSubsView((s) => s.lastImport);
  const failure = useSubsView((s) => s.failure);
  const busy = useSubsView((s) => s.busy);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void drop(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className={`subs-import${over ? ' subs-import--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className="row">
        <Button data-testid="subs-import" busy={!!busy} onClick={() => void pick()}>
          Import .srt / .vtt…
        </Button>
        <Button data-testid="subs-video" onClick={() => void pickVideo()}>
          {videoPath ? `Video: ${fileName(videoPath)}` : 'Choose video…'}
        </Button>
        <span className="small faint">or drop subtitle files here</span>
        {busy && (
          <span className="small muted" role="status">
            {busy}
          </span>
        )}
      </div>
      {lastImport && (
        <p className="small muted subs-import__info">
          {lastImport.name}:{' '}
          <span data-testid="subs-encoding" data-encoding={lastImport.encoding}>
            {ENCODING_NAMES[lastImport.encoding]}
          </span>
          {lastImport.notes.length > 1 && ` · ${lastImport.notes.slice(1, 4).join(' · ')}`}
          {lastImport.replaced && ` · ${lastImport.replaced}`}
          {lastImport.skipped && ` · ${lastImport.skipped}`}
        </p>
      )}
      <EncodingChooser />
      {failure && (
        <p
          className="small subs-import__error"
          role="alert"
          data-testid="subs-error"
          data-line={failure.line}
        >
          {failure.name ? `${failure.name}: ` : ''}
          {failure.message}
          {failure.line !== undefined && !failure.message.includes(`line ${failure.line}`)
            ? ` (line ${failure.line})`
            : ''}{' '}
          Nothing was imported from it
          {Object.keys(subsPart().languages).length ? '; your script is unchanged' : ''}.
        </p>
      )}
    </div>
  );
}
