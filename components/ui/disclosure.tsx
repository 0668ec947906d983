'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import { cx } from './cx';

/**
 * A button that shows and hides a panel (aria-expanded). Without JavaScript the button cannot
 * work, so a <noscript> style keeps every such panel open and its fields usable.
 */
export function Disclosure({
  label,
  summary,
  children,
  forceOpen = false,
  invalid = false,
  className,
  panelClassName,
  buttonClassName,
}: {
  /** Read before the summary, e.g. "Who is coming". */
  label: string;
  summary: ReactNode;
  children: ReactNode;
  /** Open it (e.g. when a field inside has an error). */
  forceOpen?: boolean;
  invalid?: boolean;
  className?: string;
  panelClassName?: string;
  buttonClassName?: string;
}) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [openState, setOpen] = useState(false);
  const open = openState || forceOpen;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // On click rather than pointerdown: closing reflows the form, and a press on the submit
    // button below must still land on it.
    const onClick = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={cx('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={cx(
          'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2 text-left text-base text-slate-900',
          invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-500',
          buttonClassName,
        )}
      >
        <span className="min-w-0">
          <span className="sr-only">{label}: </span>
          {summary}
        </span>
        <ChevronDownIcon className={cx('shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={panelId} className={cx('disclosure-panel', open ? 'block' : 'hidden', panelClassName)}>
        {children}
      </div>
      <noscript dangerouslySetInnerHTML={{ __html: '<style>.disclosure-panel{display:block!important;position:static!important;width:auto!important}.js-only{display:none!important}</style>' }} />
    </div>
  );
}
