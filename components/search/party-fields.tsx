'use client';

import { useTranslations } from 'next-intl';
import { useController, type Control, type ControllerRenderProps, type FieldErrors } from 'react-hook-form';
import { MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS, type Party, type PartyField } from '@/lib/booking/party';
import { Disclosure } from '@/components/ui/disclosure';
import { PartyEditor } from '@/components/ui/party-editor';
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
  // One controller per party field (a fixed list, so the hooks always run in this order).
  const fields: Record<PartyField, ControllerRenderProps<SearchFormValues, PartyField>> = {
    adults: useController({ control, name: 'adults' }).field,
    child0002: useController({ control, name: 'child0002' }).field,
    child0304: useController({ control, name: 'child0304' }).field,
    child0512: useController({ control, name: 'child0512' }).field,
    child1317: useController({ control, name: 'child1317' }).field,
    pets: useController({ control, name: 'pets' }).field,
  };

  const messageFor = (field: PartyField): string | undefined => {
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
      <PartyEditor
        party={party}
        onChange={(field, value) => fields[field].onChange(value)}
        view={(field) => ({
          label: t(`labels.${field}`),
          hint: t(`hints.${field}`),
          error: messageFor(field),
          name: fields[field].name,
          inputRef: fields[field].ref,
          onBlur: fields[field].onBlur,
        })}
        legend={t('title')}
        legendClassName="sr-only"
      />
      <p className="mt-2 text-sm text-slate-700">{t('limits', { maxPersons: MAX_PERSONS })}</p>
    </Disclosure>
  );
}
