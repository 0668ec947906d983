'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { loadBookedContact } from './flow/flow-storage';

/**
 * The name and e-mail the booking was made with, on the thank-you page. The server keeps no
 * guest details with a booking, so they come from this tab's storage, for this house only, and
 * are never sent anywhere again. Another tab or browser shows the rest of the page without them.
 */
export function BookedContact({ houseId }: { houseId: number | null }) {
  const t = useTranslations('booking');
  const inBrowser = useHydrated();
  const contact = useMemo(
    () => (inBrowser && houseId !== null ? loadBookedContact(houseId) : null),
    [inBrowser, houseId],
  );
  if (!contact) return null;
  return (
    <>
      <dt className="font-medium text-slate-600">{t('thankYou.bookedBy')}</dt>
      <dd data-testid="booked-name">{contact.name}</dd>
      <dt className="font-medium text-slate-600">{t('guest.email')}</dt>
      <dd className="break-all" data-testid="booked-email">
        {contact.email}
      </dd>
    </>
  );
}
