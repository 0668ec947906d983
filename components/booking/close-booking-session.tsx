'use client';

import { useEffect, useRef } from 'react';
import { closeBookingSession } from './flow/booking-api';
import { clearGuest, markBookingDone, type BookedStay } from './flow/flow-storage';

/**
 * Ends the booking session once the thank-you page is on screen, so a shared or public computer
 * keeps nothing of it: the server drops the cookie, this tab forgets the guest's details. The tab
 * keeps which stay it booked and the reservation code, so going back to the booking pages says
 * the stay is booked instead of offering it again.
 */
export function CloseBookingSession({
  houseId,
  booked = null,
}: {
  houseId: number | null;
  booked?: BookedStay | null;
}) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (houseId !== null) markBookingDone(houseId, booked ?? undefined);
    else clearGuest();
    closeBookingSession().catch(() => {
      // The cookie expires on its own within the hour.
    });
  }, [houseId, booked]);
  return null;
}
