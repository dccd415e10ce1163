import { useState, type DragEvent } from 'react';
import { pathsOfDroppedFiles, pickFiles } from '../../bridge/files';
import { errorMessage } from '../../bridge/invoke';
import { useApiQuery } from '../../bridge/query';
import { baseName, formatBytes, formatClock } from '../../lib/format';
import { Button } from '../../ui/Button';
import { CloseIcon, UploadIcon } from '../../ui/icons';

export interface SourceFieldProps {
  label: string;
  pick: 'video' | 'audio';
  file: string;
  url: string;
  help?: string | undefined;
  errors: string[];
  onFile: (path: string) => void;
  onUrl: (url: string) => void;
}

/** A local file (chosen or dropped) or a URL: exactly one of them is sent. */
export function SourceField({
  label,
  pick,
  file,
  url,
  help,
  errors,
  onFile,
  onUrl,
}: SourceFieldProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [over, setOver] = useState(false);
  const probe = useApiQuery(
    'media:probe',
    { path: file },
    { enabled: file !== '', staleTime: Infinity },
  );

  const take = async (get: () => Promise<string[]>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const [first] = await get();
      if (first) onFile(first);
    } catch (cause) {
      setProblem(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files).slice(0, 1);
    if (files.length) void take(() => pathsOfDroppedFiles(files));
  };
  const messages = [
    ...errors,
    ...(problem ? [problem] : []),
    ...(probe.error ? [`Could not read the file: ${probe.error.message}`] : []),
  ];

  return (
    <fieldset className="source field" aria-invalid={messages.length > 0}>
      <legend className="field__label">{label}</legend>
      <div
        className={`source__drop${over ? ' source__drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {file ? (
          <div className="source__file">
            <span className="mono" title={file}>
              {baseName(file)}
            </span>
            {probe.data && (
              <span className="faint small nums">
                {formatClock(probe.data.durationSeconds)} ·{' '}
                {probe.data.hasVideo ? 'video' : 'no video'}
                {probe.data.hasAudio ? ' + audio' : ', no audio'} · {formatBytes(probe.data.bytes)}
              </span>
            )}
            <Button
              size="small"
              variant="ghost"
              iconOnly
              icon={<CloseIcon />}
              aria-label={`Clear ${label} file`}
              onClick={() => onFile('')}
            />
          </div>
        ) : (
          <div className="row">
            <Button
              size="small"
              icon={<UploadIcon />}
              busy={busy}
              onClick={() => void take(() => pickFiles(pick, false))}
            >
              Choose {pick === 'video' ? 'video' : 'audio'}…
            </Button>
            <span className="faint small">or drop a file here</span>
          </div>
        )}
      </div>
      <input
        className="input mono"
        type="url"
        aria-label={`${label} URL`}
        placeholder="…or a public https:// URL"
        value={url}
        onChange={(e) => onUrl(e.target.value)}
      />
      {help && <span className="field__help">{help}</span>}
      {messages.map((message) => (
        <span key={message} className="field__error" role="alert">
          {message}
        </span>
      ))}
    </fieldset>
  );
}
