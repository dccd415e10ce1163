import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'ok' | 'warn' | 'danger' | 'info' | 'accent';

export function Badge({
  tone = 'neutral',
  plain,
  children,
}: {
  tone?: BadgeTone;
  plain?: boolean;
  children: ReactNode;
}) {
  const classes = ['badge', tone !== 'neutral' && `badge--${tone}`, plain && 'badge--plain']
    .filter(Boolean)
    .join(' ');
  return <span className={classes}>{children}</span>;
}
