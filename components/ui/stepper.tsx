'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode, type Ref } from 'react';
import { cx } from './cx';
import { fieldError, iconButton } from './styles';

export interface StepperProps {
  label: string;
  hint?: ReactNode;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  /** Where the − and + button names come from: the site's common ones or the booking flow's. */
  messages?: 'stepper' | 'booking.stepper';
  /** When set, + is disabled and this says why. */
  increaseBlockedReason?: string | undefined;
  error?: string | undefined;
  /**
   * With a name the value is a real <input type="number"> of the surrounding form, so a GET form
   * works before (or without) JavaScript; without one the value is a live <output>.
   */
  name?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A count with − and + buttons of 44 px. As a form field it is labelled by its <label>; as a
 * display it is a group named by its label, and the live output reads each new value.
 */
export function Stepper({
  label,
  hint,
  min,
  max,
  value,
  onChange,
  messages = 'stepper',
  increaseBlockedReason,
  error,
  name,
  onBlur,
  inputRef,
}: StepperProps) {
  const t = useTranslations(messages);
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const reasonId = `${id}-why`;
  const errorId = `${id}-error`;
  const isField = name !== undefined;
  const valid = Number.isFinite(value);
  const describedBy =
    [hint ? hintId : null, increaseBlockedReason ? reasonId : null, error ? errorId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  // Without JavaScript the buttons cannot work; a form field can still be typed in.
  const buttonClass = cx(iconButton, 'text-xl leading-none', isField && 'js-only');

  return (
    <div
      className="py-2"
      {...(isField ? {} : { role: 'group', 'aria-labelledby': labelId, 'aria-describedby': describedBy })}
    >
      <div className="flex items-center justify-between gap-3">
        {/* A long compound ("Küchenwäscheset") breaks within the row instead of widening the page. */}
        <div className="min-w-0 [overflow-wrap:anywhere] hyphens-auto">
          {isField ? (
            <label htmlFor={id} className="block font-medium text-slate-900">
              {label}
            </label>
          ) : (
            <p id={labelId} className="font-medium text-slate-900">
              {label}
            </p>
          )}
          {hint ? (
            <p id={hintId} className="text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={buttonClass}
            aria-label={t('decrease', { label })}
            aria-controls={isField ? id : undefined}
            disabled={valid && value <= min}
            onClick={() => onChange(valid ? Math.max(min, value - 1) : min)}
          >
            −
          </button>
          {isField ? (
            <input
              ref={inputRef}
              id={id}
              name={name}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              value={valid ? value : ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onBlur={onBlur}
              onChange={(event) => {
                const next = event.target.valueAsNumber;
                onChange(Number.isFinite(next) ? next : Number.NaN);
              }}
              className={cx('stepper-input', error && 'border-red-700 ring-1 ring-red-700')}
            />
          ) : (
            <output aria-live="polite" className="w-8 text-center text-base font-semibold tabular-nums">
              {value}
            </output>
          )}
          <button
            type="button"
            className={buttonClass}
            aria-label={t('increase', { label })}
            aria-controls={isField ? id : undefined}
            disabled={(valid && value >= max) || increaseBlockedReason !== undefined}
            onClick={() => onChange(valid ? Math.min(max, value + 1) : min)}
          >
            +
          </button>
        </div>
      </div>
      {increaseBlockedReason ? (
        <p id={reasonId} className="mt-1 text-sm font-medium text-amber-900">
          {increaseBlockedReason}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
