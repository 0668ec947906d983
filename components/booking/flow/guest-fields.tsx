'use client';

import { useTranslations } from 'next-intl';
import { useMemo, type ReactNode, type Ref } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { COUNTRY_CODES } from '@/lib/booking/countries';
import type { GuestField } from '@/lib/booking/guest';
import type { Locale } from '@/lib/i18n/locales';
import { fieldError, fieldInput, fieldLabel } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { useHydrated } from '@/components/ui/use-hydrated';
import { describeGuestError } from './guest-form';

/** Countries most guests come from, listed first. */
const COMMON_COUNTRIES = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB', 'AT', 'CH'] as const;

export function useErrorText() {
  const t = useTranslations('booking');
  return (field: GuestField, error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    const { key, values } = describeGuestError(field, error.message);
    return values ? t(key, values) : t(key);
  };
}

export function Field({
  id,
  label,
  hint,
  optional,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const t = useTranslations('booking.guest');
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
        {optional ? <span className="font-normal text-slate-600"> ({t('optional')})</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-1">{children}</div>
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export function TextInput({
  id,
  registration,
  error,
  hint,
  className,
  ...rest
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: boolean;
  className?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  required?: boolean;
}) {
  return (
    <input
      id={id}
      {...registration}
      {...rest}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint ?? false, error !== undefined)}
      className={cx(fieldInput, className)}
    />
  );
}

/**
 * The country list, named in the page's language by Intl.DisplayNames. Node and the browser
 * name some regions differently, so the full list is drawn only in the browser (after
 * hydration); until then the chosen country is the only option. Controlled, so the choice
 * survives the list being redrawn.
 */
export function CountrySelect({
  id,
  locale,
  name,
  value,
  onChange,
  onBlur,
  selectRef,
  error,
}: {
  id: string;
  locale: Locale;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  selectRef: Ref<HTMLSelectElement>;
  error?: string | undefined;
}) {
  const t = useTranslations('booking.guest');
  const inBrowser = useHydrated();
  const options = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    const label = (code: string) => names?.of(code) ?? code;
    const all = COUNTRY_CODES.map((code) => ({ code, name: label(code) })).sort((a, b) =>
      a.name.localeCompare(b.name, locale),
    );
    return { common: COMMON_COUNTRIES.map((code) => ({ code, name: label(code) })), all };
  }, [locale]);
  return (
    <select
      id={id}
      name={name}
      ref={selectRef}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      autoComplete="country"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, false, error !== undefined)}
      className={fieldInput}
    >
      <option value="">{t('chooseCountry')}</option>
      {inBrowser ? (
        <>
          <optgroup label={t('commonCountries')}>
            {options.common.map((c) => (
              <option key={`c-${c.code}`} value={c.code}>
                {c.name}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('allCountries')}>
            {options.all.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </optgroup>
        </>
      ) : value ? (
        <option value={value}>{value}</option>
      ) : null}
    </select>
  );
}
