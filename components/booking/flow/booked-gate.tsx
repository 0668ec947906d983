'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';
import { buttonSecondary } from '@/components/ui/styles';
import { useHydrated } from '@/components/ui/use-hydrated';
import { closeBookingSession } from './booking-api';
import { useFlow } from './flow-context';
import { clearBookingDone, loadBookedStay } from './flow-storage';

/**
 * A stay this browser has booked is shown as booked on every step of its booking pages, whatever
 * way the guest lands there (browser back from the thank-you page, a second tab, an old link, a
 * reload): with the partner's reservation code, a link to the confirmation, and no step that
 * would hold or book it a second time unless the guest asks to book again.
 *
 * The server knows it for as long as the booking session lives, in every tab (`booked`); the tab
 * that booked also remembers it after that, without the link (the confirmation then shows nothing).
 */
export function BookedGate({
  booked,
  thankYouHref,
  children,
}: {
  booked: { reservationCode: string } | null;
  thankYouHref: string;
  children: ReactNode;
}) {
  const t = useTranslations('booking');
  const router = useRouter();
  const { data } = useFlow();
  const inBrowser = useHydrated();
  const [again, setAgain] = useState(false);
  const [ending, setEnding] = useState(false);
  const inTab = useMemo(
    () => (inBrowser ? loadBookedStay(data.houseId, data.criteria.startDate, data.criteria.endDate) : null),
    [inBrowser, data.houseId, data.criteria.startDate, data.criteria.endDate],
  );
  const code = booked?.reservationCode ?? inTab?.reservationCode ?? null;
  if (code === null || again) return children;

  async function bookAgain() {
    setEnding(true);
    clearBookingDone();
    if (booked) {
      // The server would keep showing the stay as booked on the next step: the guest's choice to
      // book it once more ends that booking session (the booking itself stays made).
      await closeBookingSession().catch(() => undefined);
      router.refresh();
    }
    setAgain(true);
  }

  return (
    <div className="mt-4">
      <Notice tone="info" role="status" title={t('hold.doneBeforeTitle')}>
        <dl className="my-2 flex flex-wrap items-baseline gap-x-3">
          <dt className="font-medium">{t('thankYou.reference')}</dt>
          <dd className="font-mono text-lg font-semibold break-all" data-testid="booked-reservation-code">
            {code}
          </dd>
        </dl>
        <p>{t('thankYou.emailNote')}</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          {booked ? (
            <a href={thankYouHref} className="inline-flex min-h-11 items-center font-medium underline">
              {t('thankYou.bookedLink')}
            </a>
          ) : null}
          <button
            type="button"
            className={buttonSecondary}
            disabled={ending}
            onClick={() => void bookAgain()}
          >
            {t('hold.bookAgain')}
          </button>
        </div>
      </Notice>
    </div>
  );
}
