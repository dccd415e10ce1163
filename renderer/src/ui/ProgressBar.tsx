/** A determinate bar when `fraction` is known, an animated one while work has no measure. */
export function ProgressBar({
  fraction,
  label,
  tone,
}: {
  fraction?: number | undefined;
  label: string;
  tone?: 'warn' | 'danger';
}) {
  const known = fraction !== undefined && Number.isFinite(fraction);
  const percent = known ? Math.round(Math.min(1, Math.max(0, fraction)) * 100) : undefined;
  return (
    <div
      className={`progress${known ? '' : ' progress--indeterminate'}${tone ? ` progress--${tone}` : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={percent}
    >
      <div className="progress__fill" style={known ? { width: `${percent}%` } : undefined} />
    </div>
  );
}
