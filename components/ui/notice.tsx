import type { ReactNode } from 'react';
import { cx } from './cx';
import { AlertIcon, InfoIcon } from './icons';

const TONES = {
  info: 'border-sky-300 bg-sky-50 text-sky-950',
  warning: 'border-amber-400 bg-amber-50 text-amber-950',
  error: 'border-red-300 bg-red-50 text-red-950',
} as const;

/** A message box for assumptions, corrections and designed error states. */
export function Notice({
  tone = 'info',
  title,
  children,
  className,
  role,
}: {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  role?: 'status' | 'alert';
}) {
  const Icon = tone === 'info' ? InfoIcon : AlertIcon;
  return (
    <div role={role} className={cx('flex gap-3 rounded-lg border p-4 text-sm', TONES[tone], className)}>
      <Icon className="mt-0.5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** Says that the partner was busy and what the page shows may be minutes old; nothing when fresh. */
export function StaleNotice({ stale, text }: { stale: boolean | undefined; text: string }) {
  return stale ? (
    <Notice tone="warning" role="status">
      <p>{text}</p>
    </Notice>
  ) : null;
}
