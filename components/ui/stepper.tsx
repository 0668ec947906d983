'use client';

import { useTranslations } from 'next-intl';
import { useId, type Ref } from 'react';
import { cx } from './cx';
import { fieldError, iconButton } from './styles';

export interface StepperProps {
  name: string;
  label: string;
  hint?: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A number field with − and + buttons. The field itself is a real <input type="number"> with
 * a name, so the surrounding GET form works before (or without) JavaScript.
 */
export function Stepper({ name, label, hint, min, max, value, onChange, onBlur, error, inputRef }: StepperProps) {
  const t = useTranslations('stepper');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const valid = Number.isFinite(value);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="py-2">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <label htmlFor={id} className="block font-medium text-slate-900">
            {label}
          </label>
          {hint ? (
            <p id={hintId} className="text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={cx(iconButton, 'js-only')}
            aria-label={t('decrease', { label })}
            aria-controls={id}
            disabled={valid && value <= min}
            onClick={() => onChange(valid ? Math.max(min, value - 1) : min)}
          >
            <span aria-hidden="true" className="text-xl leading-none">
              −
            </span>
          </button>
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
            className={cx(
              'h-11 w-14 rounded-lg border border-slate-500 bg-white text-center text-base font-semibold text-slate-900',
              '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
              error && 'border-red-700 ring-1 ring-red-700',
            )}
          />
          <button
            type="button"
            className={cx(iconButton, 'js-only')}
            aria-label={t('increase', { label })}
            aria-controls={id}
            disabled={valid && value >= max}
            onClick={() => onChange(valid ? Math.min(max, value + 1) : min)}
          >
            <span aria-hidden="true" className="text-xl leading-none">
              +
            </span>
          </button>
        </div>
      </div>
      {error ? (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
