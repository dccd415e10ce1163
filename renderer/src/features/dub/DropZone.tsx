import { useState, type ReactNode } from 'react';
import { pathsOfDroppedFiles, pickFiles } from '../../bridge/files';
import { errorMessage, invoke } from '../../bridge/invoke';
import { Button } from '../../ui/Button';
import { useDubBatch } from './batch-store';
import { ensureProject } from './batch-project';

/**
 * The whole workspace takes drops of videos and scripts; Add… opens the picker. Paths reach the
 * batch through main, which sorts them into videos, scripts and skipped files.
 */
export function DropZone({ children }: { children: ReactNode }) {
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const addSorted = useDubBatch((s) => s.addSorted);

  const add = async (load: () => Promise<string[]>) => {
    setBusy(true);
    setError(null);
    try {
      const paths = await load();
      if (paths.length === 0) return;
      // main expands folders, skips loops and duplicates, and says why it left a file out.
      const sorted = await invoke('dub:addPaths', { paths });
      await ensureProject();
      addSorted(sorted);
    } catch (caught) {
      setError(`${errorMessage(caught)} Try adding the files again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={`dub-drop${over ? ' dub-drop--over' : ''}`}
      data-testid="dub-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) void add(() => pathsOfDroppedFiles(files));
      }}
    >
      <div className="dub-drop__hint row">
        <span className="faint small">
          Drop videos and their scripts (<code>clip.es.srt</code>, <code>clip_fr.vtt</code>)
          anywhere here, or
        </span>
        <Button size="small" busy={busy} onClick={() => void add(() => pickFiles('video', true))}>
          Add videos…
        </Button>
        <Button
          size="small"
          busy={busy}
          onClick={() => void add(() => pickFiles('subtitle', true))}
        >
          Add scripts…
        </Button>
        {error && (
          <span className="small dub-error" role="alert">
            {error}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
