import { useId, type ReactNode } from 'react';

export interface FieldProps {
  label: ReactNode;
  /** Shown at the right of the label (counters, units). */
  aside?: ReactNode;
  asideOver?: boolean;
  help?: ReactNode;
  error?: string | undefined;
  /** Renders the control with the ids that tie label, help and error to it. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, help and the error at the field, wired for assistive tech. */
export function Field({ label, aside, asideOver, help, error, children }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy =
    [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        <span>{label}</span>
        {aside !== undefined && (
          <span className={`field__aside${asideOver ? ' field__aside--over' : ''}`}>{aside}</span>
        )}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {help && (
        <span className="field__help" id={helpId}>
          {help}
        </span>
      )}
      {error && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
