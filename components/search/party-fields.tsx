'use client';

import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS, type Party, type PartyField } from '@/lib/booking/party';
import { Disclosure } from '@/components/ui/disclosure';
import { PartyEditor } from '@/components/ui/party-editor';
import { usePartySummary } from './use-party-summary';
import type { SearchFormErrors } from './search-form-schema';

/**
 * The party as a disclosure: a one-line summary ("2 adults, 1 pet") that opens to steppers for
 * adults, the four child age groups and pets. <details> opens and closes without JavaScript.
 */
export function PartyFields({
  party,
  errors,
  onChange,
  inputRefs,
}: {
  party: Party;
  errors: SearchFormErrors;
  onChange: (field: PartyField, value: number) => void;
  /** Where the form keeps each count's input, to move the focus to the first error. */
  inputRefs: Record<PartyField, Ref<HTMLInputElement>>;
}) {
  const t = useTranslations('party');
  const te = useTranslations('searchForm.errors');
  const summary = usePartySummary(party);
  const hasError = PARTY_FIELDS.some((field) => errors[field]);

  const messageFor = (field: PartyField): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    return te(error, { ...PARTY_LIMITS[field], maxPersons: MAX_PERSONS });
  };

  return (
    <Disclosure
      label={t('title')}
      summary={summary}
      forceOpen={hasError}
      invalid={hasError}
      panelClassName="mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:top-full sm:right-0 sm:z-30 sm:w-[26rem]"
    >
      <PartyEditor
        party={party}
        onChange={onChange}
        view={(field) => ({
          label: t(`labels.${field}`),
          hint: t(`hints.${field}`),
          error: messageFor(field),
          name: field,
          inputRef: inputRefs[field],
        })}
        legend={t('title')}
        legendClassName="sr-only"
      />
      <p className="mt-2 text-sm text-slate-700">{t('limits', { maxPersons: MAX_PERSONS })}</p>
    </Disclosure>
  );
}
