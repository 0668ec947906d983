'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { MAX_PERSONS, PARTY_LIMITS, countPersons, type Party, type PartyField } from '@/lib/booking/party';
import { bookingPath } from '@/lib/booking/selection';
import { PartyEditor } from '@/components/ui/party-editor';
import { useFlow } from './flow-context';

/** A party change whose outcome is still to be announced. */
let partyChanged = false;

/**
 * Who comes along, on the preferences step. A change re-reads the free units for the new party
 * (pets need units that take them), so it navigates in place. Pets cannot be added while
 * pet-free accommodation is chosen: the + is disabled and says why.
 */
export function PartySection({ petFreeChosen }: { petFreeChosen: boolean }) {
  const t = useTranslations('booking');
  // The age groups are named, with their ages, as on every other page.
  const labels = useTranslations('party.labels');
  const hints = useTranslations('party.hints');
  const router = useRouter();
  const { data, selection, announce, isOnline } = useFlow();
  const [party, setParty] = useState<Party>(data.criteria.party);
  const [pending, startTransition] = useTransition();
  const personCap = Math.min(MAX_PERSONS, data.maxPersons ?? MAX_PERSONS);
  const full = countPersons(party) >= personCap;
  const petsShown = data.maxPets > 0 || party.pets > 0;

  // "Checking availability…" is followed by the outcome once the step shows it (the step may be
  // a new page by then, hence the flag outside the component).
  useEffect(() => {
    if (pending || !partyChanged) return;
    partyChanged = false;
    announce(t('party.updated'));
  }, [pending, announce, t]);

  function change(field: PartyField, value: number) {
    if (!isOnline()) return;
    const next = { ...party, [field]: value };
    setParty(next);
    partyChanged = true;
    startTransition(() => {
      router.replace(
        bookingPath(data.locale, data.houseId, { ...data.criteria, party: next }, selection, 'preferences'),
        { scroll: false },
      );
    });
    announce(t('party.updating'));
  }

  return (
    <PartyEditor
      party={party}
      onChange={change}
      view={(field) => {
        if (field === 'pets') {
          if (!petsShown) return null;
          return {
            label: labels('pets'),
            hint: t('party.petsHint', { max: data.maxPets }),
            max: Math.min(PARTY_LIMITS.pets.max, data.maxPets),
            increaseBlockedReason: petFreeChosen ? t('preferences.petsBlockedByPetFree') : undefined,
          };
        }
        // A full house takes nobody more: + stops at the current count.
        return {
          label: labels(field),
          hint: hints(field),
          ...(full ? { max: party[field] } : {}),
        };
      }}
      legend={t('party.heading')}
      legendClassName="text-base font-semibold text-slate-900"
      className="space-y-1"
      messages="booking.stepper"
      busy={pending}
    >
      {petsShown ? null : <p className="py-2 text-sm text-slate-700">{t('party.noPets')}</p>}
      <p className="text-sm text-slate-600">{t('party.capacity', { max: personCap })}</p>
      {pending ? (
        <p role="status" className="text-sm font-medium text-brand-700">
          {t('party.updating')}
        </p>
      ) : null}
    </PartyEditor>
  );
}
