'use client';

import { useTranslations } from 'next-intl';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS, type Party } from '@/lib/booking/party';
import { Stepper } from '@/components/ui/stepper';
import { Disclosure } from '@/components/ui/disclosure';
import { usePartySummary } from './use-party-summary';
import type { SearchFormValues } from './search-form-schema';

/**
 * The party as a disclosure: a one-line summary ("2 adults, 1 pet") that opens to steppers for
 * adults, the four child age groups and pets. <details> opens and closes without JavaScript.
 */
export function PartyFields({
  control,
  errors,
  party,
}: {
  control: Control<SearchFormValues>;
  errors: FieldErrors<SearchFormValues>;
  party: Party;
}) {
  const t = useTranslations('party');
  const te = useTranslations('searchForm.errors');
  const summary = usePartySummary(party);
  const hasError = PARTY_FIELDS.some((field) => errors[field]);

  const messageFor = (field: (typeof PARTY_FIELDS)[number]): string | undefined => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    return te(message, { ...PARTY_LIMITS[field], maxPersons: MAX_PERSONS });
  };

  return (
    <Disclosure
      label={t('title')}
      summary={summary}
      forceOpen={hasError}
      invalid={hasError}
      panelClassName="mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:top-full sm:right-0 sm:z-30 sm:w-[26rem]"
    >
      <fieldset>
        <legend className="sr-only">{t('title')}</legend>
        {PARTY_FIELDS.map((field) => (
          <Controller
            key={field}
            control={control}
            name={field}
            render={({ field: f }) => (
              <Stepper
                name={f.name}
                inputRef={f.ref}
                label={t(`labels.${field}`)}
                hint={t(`hints.${field}`)}
                min={PARTY_LIMITS[field].min}
                max={PARTY_LIMITS[field].max}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                error={messageFor(field)}
              />
            )}
          />
        ))}
      </fieldset>
      <p className="mt-2 text-sm text-slate-700">{t('limits', { maxPersons: MAX_PERSONS })}</p>
    </Disclosure>
  );
}
