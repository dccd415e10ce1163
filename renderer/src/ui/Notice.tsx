import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon, InfoIcon } from './icons';

export type NoticeTone = 'info' | 'ok' | 'warn' | 'danger';

export interface NoticeProps {
  tone?: NoticeTone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

const ICONS: Record<NoticeTone, ReactNode> = {
  info: <InfoIcon />,
  ok: <CheckIcon />,
  warn: <AlertIcon />,
  danger: <AlertIcon />,
};

export function Notice({ tone = 'info', title, children, actions, testId }: NoticeProps) {
  return (
    <div
      className={`notice notice--${tone}`}
      role={tone === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {ICONS[tone]}
      <div className="notice__body">
        <strong>{title}</strong>
        {children && <p>{children}</p>}
        {actions && <div className="row">{actions}</div>}
      </div>
    </div>
  );
}
