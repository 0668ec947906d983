'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import {
  CHILD_GROUPS,
  MAX_PERSONS,
  PARTY_LIMITS,
  countPersons,
  type Party,
  type PartyField,
} from '@/lib/booking/party';
import { useFlow } from './flow-context';
import { QuantityStepper } from './quantity-stepper';
import { bookingPath } from './selection-params';

/**
 * Who comes along. A change re-reads the free units for the new party (pets need units that
 * take them), so it navigates in place. Pets cannot be added while pet-free accommodation is
 * chosen: the + is disabled and says why.
 */
export function PartyEditor({ petFreeChosen }: { petFreeChosen: boolean }) {
  const t = useTranslations('booking');
  const router = useRouter();
  const { data, selection, announce } = useFlow();
  const [party, setParty] = useState<Party>(data.criteria.party);
  const [pending, startTransition] = useTransition();
  const personCap = Math.min(MAX_PERSONS, data.maxPersons ?? MAX_PERSONS);
  const persons = countPersons(party);

  function change(field: PartyField, value: number) {
    const next = { ...party, [field]: value };
    setParty(next);
    startTransition(() => {
      router.replace(
        bookingPath(data.locale, data.houseId, { ...data.criteria, party: next }, selection, 'preferences'),
        {
          scroll: false,
        },
      );
    });
    announce(t('party.updating'));
  }

  const stepper = (
    field: PartyField,
    label: string,
    extra?: { reason?: string | undefined; hint?: string },
  ) => {
    const limits = PARTY_LIMITS[field];
    const max = field === 'pets' ? Math.min(limits.max, data.maxPets) : limits.max;
    const full = field !== 'pets' && persons >= personCap;
    return (
      <QuantityStepper
        key={field}
        label={label}
        hint={extra?.hint}
        value={party[field]}
        min={limits.min}
        max={full ? party[field] : max}
        onChange={(v) => change(field, v)}
        disabledIncreaseReason={extra?.reason}
      />
    );
  };

  return (
    <fieldset className="space-y-1" aria-busy={pending || undefined}>
      <legend className="text-base font-semibold text-slate-900">{t('party.heading')}</legend>
      {stepper('adults', t('party.adults'))}
      {CHILD_GROUPS.map((group) => stepper(group, t(`party.${group}`)))}
      {data.maxPets > 0 || party.pets > 0 ? (
        stepper('pets', t('party.pets'), {
          reason: petFreeChosen ? t('preferences.petsBlockedByPetFree') : undefined,
          hint: t('party.petsHint', { max: data.maxPets }),
        })
      ) : (
        <p className="py-2 text-sm text-slate-700">{t('party.noPets')}</p>
      )}
      <p className="text-sm text-slate-600">{t('party.capacity', { max: personCap })}</p>
      {pending ? (
        <p role="status" className="text-sm font-medium text-brand-700">
          {t('party.updating')}
        </p>
      ) : null}
    </fieldset>
  );
}
