'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { iconButton } from '@/components/ui/styles';

/** − value + with 44 px buttons; the value is announced through the buttons' labels and a live output. */
export function QuantityStepper({
  label,
  hint,
  value,
  min,
  max,
  onChange,
  disabledIncreaseReason,
}: {
  label: string;
  hint?: ReactNode;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** When set, + is disabled and this explains why. */
  disabledIncreaseReason?: string | undefined;
}) {
  const t = useTranslations('booking.stepper');
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, disabledIncreaseReason ? `${id}-why` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className="py-2"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy || undefined}
    >
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p id={`${id}-label`} className="font-medium text-slate-900">
            {label}
          </p>
          {hint ? (
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={iconButton}
            aria-label={t('decrease', { label })}
            disabled={value <= min}
            onClick={() => onChange(Math.max(min, value - 1))}
          >
            <span aria-hidden="true" className="text-xl leading-none">
              −
            </span>
          </button>
          <output aria-live="polite" className="w-8 text-center text-base font-semibold tabular-nums">
            {value}
          </output>
          <button
            type="button"
            className={iconButton}
            aria-label={t('increase', { label })}
            disabled={value >= max || disabledIncreaseReason !== undefined}
            onClick={() => onChange(Math.min(max, value + 1))}
          >
            <span aria-hidden="true" className="text-xl leading-none">
              +
            </span>
          </button>
        </div>
      </div>
      {disabledIncreaseReason ? (
        <p id={`${id}-why`} className="mt-1 text-sm font-medium text-amber-900">
          {disabledIncreaseReason}
        </p>
      ) : null}
    </div>
  );
}
