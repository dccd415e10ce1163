import { useEffect, useRef, useState } from 'react';
import { LOUDNESS_PRESETS, type LoudnessPreset } from '../../../../shared/domain/project/document';
import { Button } from '../../ui/Button';
import { RevealButton } from '../../ui/RevealButton';
import { Notice } from '../../ui/Notice';
import { ProgressBar } from '../../ui/ProgressBar';
import { buildExportRequest, LOUDNESS_LABELS } from './export-request';
import { useScorePart, useScoreStore } from './score-store';
import { stageWords, useExport } from './use-export';

/** Export (Ctrl+E): the mix as audio, or the video with the mix muxed in, at a loudness preset. */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const part = useScorePart();
  const projectName = useScoreStore((s) => s.project?.document.name ?? 'Score');
  const [kind, setKind] = useState<'video' | 'audio'>('video');
  const [loudness, setLoudness] = useState<LoudnessPreset>(part.loudness);
  const [name, setName] = useState(`${projectName} mix`);
  const [stems, setStems] = useState(false);
  const exporter = useExport();
  const running = exporter.state.state === 'running';
  const built = buildExportRequest(part, {
    exportId: crypto.randomUUID(),
    kind,
    loudness,
    name,
    stems,
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    if (running) return;
    exporter.reset();
    onClose();
  };

  return (
    <dialog
      ref={ref}
      className="dialog score-export"
      aria-labelledby="score-export-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <form
        method="dialog"
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (built.ok && !running) void exporter.start(built.request);
        }}
      >
        <h2 id="score-export-title">Export</h2>
        <fieldset className="segmented" disabled={running}>
          <legend className="visually-hidden">What to export</legend>
          {(['video', 'audio'] as const).map((option) => (
            <label key={option} className="segmented__option">
              <input
                type="radio"
                name="export-kind"
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              <span>{option === 'video' ? 'Video with the mix (mp4)' : 'Mix only (m4a)'}</span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span className="field__label">Loudness</span>
          <select
            className="select"
            value={loudness}
            disabled={running}
            data-testid="score-export-loudness"
            onChange={(e) => setLoudness(e.target.value as LoudnessPreset)}
          >
            {LOUDNESS_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {LOUDNESS_LABELS[preset]}
              </option>
            ))}
          </select>
          <span className="muted small">True peak stays at or below −1 dBTP.</span>
        </label>
        <label className="field">
          <span className="field__label">File name</span>
          <input
            className="input"
            value={name}
            disabled={running}
            data-testid="score-export-name"
            onChange={(e) => setName(e.target.value)}
          />
          <span className="muted small">Written to the project folder’s exports/.</span>
        </label>
        <label className="check score-export-stems">
          <input
            type="checkbox"
            checked={stems}
            disabled={running}
            data-testid="score-export-stems"
            onChange={(e) => setStems(e.target.checked)}
          />
          <span>Also write stems: each lane with sound as its own WAV, beside the export</span>
        </label>
        {!built.ok && <p className="small score-action__reason">{built.reason}</p>}

        {exporter.state.state === 'running' && (
          <div className="stack">
            <ProgressBar fraction={exporter.state.fraction} label="Export progress" />
            <span className="small muted nums">
              {stageWords(exporter.state.stage)} · {Math.round(exporter.state.fraction * 100)} %
            </span>
          </div>
        )}
        {exporter.state.state === 'done' && (
          <Notice
            tone="ok"
            title="Exported"
            actions={<RevealButton path={exporter.state.result.path} />}
          >
            <span
              data-testid="export-result"
              data-path={exporter.state.result.path}
              className="mono"
            >
              {exporter.state.result.path}
            </span>{' '}
            · {exporter.state.result.integratedLufs.toFixed(1)} LUFS, true peak{' '}
            {exporter.state.result.truePeakDb.toFixed(1)} dBTP
            {exporter.state.result.stems.length > 0 && (
              <ul className="small mono" aria-label="Stems written">
                {exporter.state.result.stems.map((stem) => (
                  <li key={stem.path} data-lane={stem.lane}>
                    {stem.path}
                  </li>
                ))}
              </ul>
            )}
          </Notice>
        )}
        {exporter.state.state === 'canceled' && (
          <Notice tone="info" title="Export canceled">
            The partial file was removed.
          </Notice>
        )}
        {exporter.state.state === 'failed' && (
          <Notice tone="danger" title="The export failed" testId="score-export-error">
            {exporter.state.message}
            {exporter.state.code === 'export_failed' &&
              ' Check that the takes still exist in the project folder, then export again.'}
          </Notice>
        )}

        <div className="row row--end">
          {running ? (
            <Button
              variant="danger"
              onClick={() => void exporter.cancel()}
              data-testid="score-export-cancel"
            >
              Cancel export
            </Button>
          ) : (
            <Button onClick={close}>Close</Button>
          )}
          <Button
            type="submit"
            variant="primary"
            disabled={!built.ok || running}
            busy={running}
            data-testid="score-export-start"
          >
            Export
          </Button>
        </div>
      </form>
    </dialog>
  );
}
