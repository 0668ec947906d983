'use client';

import { useEffect, useRef } from 'react';
import { clearGuest, type BookedStay } from './flow/flow-storage';
import { markBookingDone } from './flow/valid-guest';

/**
 * Once the thank-you page is on screen, this tab forgets the guest's details as typed and keeps
 * only the name and e-mail for this page and which stay it booked with its reservation code. The
 * booking session itself stays: it holds no personal data, and while it lives a reload, another
 * tab or browser back shows the booking as made. It ends with its cookie, or when the guest
 * chooses to book the same stay again.
 */
export function RememberBooking({
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
  }, [houseId, booked]);
  return null;
}
