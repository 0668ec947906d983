'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { GuestInput } from '@/lib/booking/guest';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary, buttonSecondary } from '@/components/ui/styles';
import { BookingApiError, preRegisterBooking } from './booking-api';
import { useFlow } from './flow-context';
import { clearBookingDone, loadGuest, loadHoldMarker, saveHoldMarker, wasBookingDone } from './flow-storage';
import { problemCode, problemMessage } from './problem-message';

type Phase = 'starting' | 'placing' | 'no_guest' | 'expired' | 'done_before' | 'failed';

/**
 * The overview without a hold for the current selection: places one with the details kept in
 * this tab (a changed selection or the cancellation fund re-prices the same hold). A hold that
 * ran out is explained first and renewed only when the guest asks.
 */
export function PlaceHold({ expired = false }: { expired?: boolean }) {
  const t = useTranslations('booking');
  const router = useRouter();
  const { data, selection, goTo, announce } = useFlow();
  const [phase, setPhase] = useState<Phase>(expired ? 'expired' : 'starting');
  const started = useRef(false);
  const hold = useMutation({ mutationFn: preRegisterBooking });

  async function place(renewing: boolean) {
    const guest = loadGuest();
    if (!guest) {
      setPhase('no_guest');
      return;
    }
    setPhase('placing');
    try {
      const result = await hold.mutateAsync({
        locale: data.locale,
        houseId: data.houseId,
        startDate: data.criteria.startDate,
        endDate: data.criteria.endDate,
        party: data.criteria.party,
        selection,
        // Checked by the same schema on the server; a gap comes back as field errors.
        guest: guest as GuestInput,
      });
      saveHoldMarker({ houseId: data.houseId, expiresAt: Date.parse(result.holdExpiresAt) });
      clearBookingDone();
      announce(renewing ? t('hold.renewed') : t('guest.held'));
      router.refresh();
    } catch (err) {
      if (err instanceof BookingApiError && err.code === 'hold_expired') {
        // The lapsed hold is gone now; a renewal the guest asked for places a new one.
        if (renewing) return place(false);
        setPhase('expired');
        return;
      }
      setPhase('failed');
      announce(problemMessage(t, err));
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
  const code = problemCode(hold.error);
  const backToChoices = ['unit_taken', 'selection_invalid', 'not_available'].includes(code);
  const backToGuest = code === 'invalid_input';
  return (
    <Notice tone="error" role="alert" title={t('hold.failedTitle')}>
      <p>{problemMessage(t, hold.error)}</p>
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
