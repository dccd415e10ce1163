import type { ReactNode } from 'react';

export interface PanelProps {
  title: ReactNode;
  hint?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Names the region for screen readers and tests. */
  label?: string;
  id?: string;
}

export function Panel({ title, hint, actions, children, className, label, id }: PanelProps) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} aria-label={label} id={id}>
      <header className="panel__head">
        <div className="panel__title">
          <h2>{title}</h2>
          {hint && <p className="panel__hint">{hint}</p>}
        </div>
        {actions && <div className="row">{actions}</div>}
      </header>
      <div className="panel__body">{children}</div>
    </section>
  );
}
