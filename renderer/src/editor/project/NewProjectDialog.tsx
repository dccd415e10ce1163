import { useEffect, useRef, useState } from 'react';
import { PROJECT_KINDS, type ProjectKind } from '../../../../shared/domain/project/document';
import { errorMessage } from '../../bridge/invoke';
import { pickFiles } from '../../bridge/files';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { createProject } from './open-project-store';

const KIND_LABELS: Record<ProjectKind, string> = {
  score: 'Score (music and sound)',
  subtitles: 'Subtitles',
  dub: 'Dub',
};

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;
const stem = (path: string) => fileName(path).replace(/\.[^.]+$/, '');

/**
 * project-new: pick the video, the kind and a name; main creates `<name>.soundstage` in the
 * project folder and the new project opens in every workspace. Nothing is created until Create.
 */
export function NewProjectDialog({
  open,
  initialKind,
  onClose,
}: {
  open: boolean;
  initialKind: ProjectKind;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [kind, setKind] = useState<ProjectKind>(initialKind);
  const [video, setVideo] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [uploading, setUploading] = useState(false);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The video being uploaded (browser mode): Create waits for it rather than ignoring the click. */
  const upload = useRef<Promise<string | null> | null>(null);
  const busy = creating
    ? uploading
      ? 'Creating the project once the video is uploaded…'
      : 'Creating the project…'
    : uploading
      ? 'Uploading the video…'
      : null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setKind(initialKind);
      setVideo(null);
      setName('');
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialKind]);

  const chooseVideo = async () => {
    setUploading(true);
    setError(null);
    const picking = pickFiles('video', false).then(([path]) => path ?? null);
    upload.current = picking.catch(() => null);
    try {
      const path = await picking;
      if (path) {
        setVideo(path);
        setName((current) => current || stem(path));
      }
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      upload.current = null;
      setUploading(false);
    }
  };

  const create = async () => {
    if (!name.trim() && !upload.current) {
      setError('Give the project a name.');
      return;
    }
    setCreating(true);
    setError(null);
    try {
      // A video still uploading is part of what the user asked for: wait for it, and name the
      // project after it when no name was typed.
      const uploaded = upload.current ? await upload.current : null;
      const chosen = uploaded ?? video;
      const trimmed = name.trim() || (uploaded ? stem(uploaded) : '');
      if (!trimmed) {
        setError('Give the project a name.');
        return;
      }
      await createProject({ name: trimmed, kind, ...(chosen ? { video: chosen } : {}) });
      onClose();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setCreating(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog project-new"
      aria-labelledby="project-new-title"
      data-testid="project-new-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        method="dialog"
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!creating) void create();
        }}
      >
        <h2 id="project-new-title">New project</h2>
        <div className="row">
          <Button
            data-testid="project-new-video"
            disabled={!!busy}
            onClick={() => void chooseVideo()}
          >
            {video ? `Video: ${fileName(video)}` : 'Choose video…'}
          </Button>
          {!video && <span className="small muted">optional: you can add it later</span>}
        </div>
        <fieldset className="segmented" data-testid="project-new-kind">
          <legend>For</legend>
          {PROJECT_KINDS.map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name="project-kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              {KIND_LABELS[option]}
            </label>
          ))}
        </fieldset>
        <Field label="Name" error={error ?? undefined}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              data-testid="project-new-name"
              value={name}
              maxLength={200}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        {busy && (
          <p className="small muted" role="status">
            {busy}
          </p>
        )}
        <div className="row">
          <Button type="submit" variant="primary" busy={!!busy} data-testid="project-new-create">
            Create
          </Button>
          <Button variant="ghost" disabled={!!busy} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </dialog>
  );
}
