'use client';

import { useEffect, useRef } from 'react';
import { closeBookingSession } from './flow/booking-api';
import { clearGuest, markBookingDone } from './flow/flow-storage';

/**
 * Ends the booking session once the thank-you page is on screen, so a shared or public computer
 * keeps nothing of it: the server drops the cookie, this tab forgets the guest's details.
 */
export function CloseBookingSession({ houseId }: { houseId: number | null }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (houseId !== null) markBookingDone(houseId);
    else clearGuest();
    closeBookingSession().catch(() => {
      // The cookie expires on its own within the hour.
    });
  }, [houseId]);
  return null;
}
