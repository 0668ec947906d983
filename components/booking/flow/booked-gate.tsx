'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';
import { buttonSecondary } from '@/components/ui/styles';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useFlow } from './flow-context';
import { clearBookingDone, loadBookedStay } from './flow-storage';

/**
 * A stay this tab has booked is shown as booked on every step of its booking pages, whatever way
 * the guest lands there (browser back from the thank-you page, an old link, a reload): with the
 * partner's reservation code, and no step that would hold or book it a second time unless the
 * guest asks to book again. Only this tab knows: the thank-you page ends the server's session.
 */
export function BookedGate({ children }: { children: ReactNode }) {
  const t = useTranslations('booking');
  const { data } = useFlow();
  const inBrowser = useHydrated();
  const [again, setAgain] = useState(false);
  const booked = useMemo(
    () => (inBrowser ? loadBookedStay(data.houseId, data.criteria.startDate, data.criteria.endDate) : null),
    [inBrowser, data.houseId, data.criteria.startDate, data.criteria.endDate],
  );
  if (!booked || again) return children;
  return (
    <div className="mt-4">
      <Notice tone="info" role="status" title={t('hold.doneBeforeTitle')}>
        <dl className="my-2 flex flex-wrap items-baseline gap-x-3">
          <dt className="font-medium">{t('thankYou.reference')}</dt>
          <dd className="font-mono text-lg font-semibold break-all" data-testid="booked-reservation-code">
            {booked.reservationCode}
          </dd>
        </dl>
        <p>{t('thankYou.emailNote')}</p>
        <button
          type="button"
          className={`${buttonSecondary} mt-3`}
          onClick={() => {
            clearBookingDone();
            setAgain(true);
          }}
        >
          {t('hold.bookAgain')}
        </button>
      </Notice>
    </div>
  );
}
