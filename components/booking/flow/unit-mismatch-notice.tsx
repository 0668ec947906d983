'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { Notice } from '@/components/ui/notice';
import { buttonSecondary, fieldError } from '@/components/ui/styles';
import type { UnitMismatch } from '../unit-check';

/**
 * The unit the park holds says it does not offer something the guest chose (or takes no pets
 * while pets come along). Booking it is the guest's decision, never the site's: they tick that
 * they book it as it is, or go back to the preferences, where everything they entered is kept.
 */
export function UnitMismatchNotice({
  mismatch,
  unitNumber,
  accepted,
  onAcceptedChange,
  showError,
  refused,
  disabled,
  onChangePreferences,
  inputId,
  inputRef,
}: {
  /** What the unit lacks; null when only the server's refusal said it does not fit. */
  mismatch: UnitMismatch | null;
  unitNumber: string | null;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  /** Book was pressed before the guest decided. */
  showError: boolean;
  /** Book was refused because the unit does not fit: nothing was booked. */
  refused: boolean;
  disabled: boolean;
  onChangePreferences: () => void;
  inputId: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useTranslations('booking');
  const items = [
    ...(mismatch?.lacking ?? []).map((pref) => ({
      key: `pref-${pref.id}`,
      text: pref.name ?? t('unitCheck.preferenceById', { id: pref.id }),
    })),
    ...(mismatch?.petsRefused ? [{ key: 'pets', text: t('unitCheck.mismatchPets') }] : []),
  ];
  const errorId = `${inputId}-error`;
  return (
    <Notice
      tone="warning"
      role="alert"
      title={
        unitNumber !== null
          ? t('unitCheck.mismatchTitle', { number: unitNumber })
          : t('unitCheck.mismatchTitleNoNumber')
      }
    >
      <div data-testid="unit-mismatch" className="space-y-2">
        {refused ? <p>{t('errors.unit_mismatch')}</p> : null}
        {items.length > 0 ? (
          <>
            <p>{t('unitCheck.mismatchBody')}</p>
            <ul className="list-disc pl-5" data-testid="unit-mismatch-items">
              {items.map((item) => (
                <li key={item.key}>{item.text}</li>
              ))}
            </ul>
          </>
        ) : null}
        {/* The refusal already says both ways out. */}
        {refused ? null : <p>{t('unitCheck.mismatchChoose')}</p>}
        <label className="flex min-h-11 cursor-pointer items-start gap-3 font-medium">
          <input
            ref={inputRef}
            id={inputId}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-600"
            checked={accepted}
            disabled={disabled}
            aria-invalid={showError || undefined}
            aria-describedby={showError ? errorId : undefined}
            onChange={(e) => onAcceptedChange(e.target.checked)}
          />
          <span>{t('unitCheck.accept')}</span>
        </label>
        {showError ? (
          <p id={errorId} className={fieldError}>
            {t('unitCheck.acceptRequired')}
          </p>
        ) : null}
        <button type="button" className={buttonSecondary} disabled={disabled} onClick={onChangePreferences}>
          {t('unitCheck.change')}
        </button>
      </div>
    </Notice>
  );
}
