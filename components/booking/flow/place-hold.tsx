'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { GuestSchema } from '@/lib/booking/guest';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary, buttonSecondary } from '@/components/ui/styles';
import { useFlow } from './flow-context';
import { loadGuest, loadHoldMarker, wasBookingDone } from './flow-storage';
import { describeProblem, isChoiceProblem, problemText, type BookingProblem } from './problem-message';
import { usePlaceHold } from './use-place-hold';

type Phase = 'starting' | 'placing' | 'no_guest' | 'expired' | 'done_before' | 'failed';

/**
 * The overview without a hold for the current selection: places one with the details kept in
 * this tab (a changed selection or the cancellation fund re-prices the same hold). A hold that
 * ran out is explained first and renewed only when the guest asks.
 */
export function PlaceHold({ expired = false }: { expired?: boolean }) {
  const t = useTranslations('booking');
  const router = useRouter();
  const { data, goTo, announce } = useFlow();
  const [phase, setPhase] = useState<Phase>(expired ? 'expired' : 'starting');
  const [problem, setProblem] = useState<BookingProblem>({ code: 'generic' });
  const started = useRef(false);
  const { placeHold } = usePlaceHold();

  // The failure renders a role=alert notice, which screen readers read out once by itself.
  function fail(next: BookingProblem) {
    setProblem(next);
    setPhase('failed');
  }

  async function place(renewing: boolean) {
    const stored = loadGuest();
    if (!stored) {
      setPhase('no_guest');
      return;
    }
    // The details were checked when typed, but storage outlives code changes and can be edited:
    // details the schema no longer accepts send the guest back to the form.
    const guest = GuestSchema.safeParse(stored);
    if (!guest.success) {
      fail({ code: 'invalid_input' });
      return;
    }
    setPhase('placing');
    try {
      await placeHold(guest.data, { renewLapsed: renewing });
      announce(renewing ? t('hold.renewed') : t('guest.held'));
      router.refresh();
    } catch (err) {
      const failure = describeProblem(err);
      // Placed by itself, a lapsed hold is explained first; renewing it is the guest's choice.
      if (failure.code === 'hold_expired') {
        setPhase('expired');
        return;
      }
      fail(failure);
    }
  }

  async function begin() {
    // After the first paint: the storage is only there in the browser.
    await Promise.resolve();
    if (wasBookingDone(data.houseId)) {
      setPhase('done_before');
      return;
    }
    const marker = loadHoldMarker();
    if (marker && marker.houseId === data.houseId && marker.expiresAt <= Date.now()) {
      setPhase('expired');
      return;
    }
    await place(false);
  }

  useEffect(() => {
    if (started.current || expired) return;
    started.current = true;
    void begin();
    // Runs once per mount: placing a hold is a write.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (phase === 'starting' || phase === 'placing') {
    return (
      <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4 font-medium">
        {t('hold.placing')}
      </p>
    );
  }
  if (phase === 'no_guest') {
    return (
      <Notice tone="info" title={t('hold.noGuestTitle')}>
        <p>{t('hold.noGuestBody')}</p>
        <button type="button" className={`${buttonPrimary} mt-2`} onClick={() => goTo('guest')}>
          {t('nav.toGuest')}
        </button>
      </Notice>
    );
  }
  if (phase === 'done_before') {
    return (
      <Notice tone="info" title={t('hold.doneBeforeTitle')}>
        <p>{t('hold.doneBeforeBody')}</p>
        <button type="button" className={`${buttonSecondary} mt-2`} onClick={() => goTo('guest')}>
          {t('hold.bookAgain')}
        </button>
      </Notice>
    );
  }
  if (phase === 'expired') {
    return (
      <Notice tone="warning" role="alert" title={t('hold.expiredTitle')}>
        <p>{t('hold.expiredBody')}</p>
        <button type="button" className={`${buttonPrimary} mt-2`} onClick={() => void place(true)}>
          {t('hold.renew')}
        </button>
      </Notice>
    );
  }
  const backToChoices = isChoiceProblem(problem.code);
  const backToGuest = problem.code === 'invalid_input';
  return (
    <Notice tone="error" role="alert" title={t('hold.failedTitle')}>
      <p>{problemText(t, problem)}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {backToChoices ? (
          <button type="button" className={buttonSecondary} onClick={() => goTo('preferences')}>
            {t('nav.toPreferences')}
          </button>
        ) : backToGuest ? (
          <button type="button" className={buttonSecondary} onClick={() => goTo('guest')}>
            {t('nav.toGuest')}
          </button>
        ) : (
          <button type="button" className={buttonPrimary} onClick={() => void place(false)}>
            {t('hold.retry')}
          </button>
        )}
      </div>
    </Notice>
  );
}
