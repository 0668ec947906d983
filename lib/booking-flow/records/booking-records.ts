import 'server-only';
import { createHash } from 'node:crypto';
import { canonicalSelection, type BookingSelection } from '@/lib/booking/selection';
import type { BookingSession } from '@/lib/session/booking-session';
import { HeldSummarySchema, readDone, type DoneSummary, type HeldSummary } from './store';

/**
 * What the flow derives from its records of a hold and a finished booking (./store.ts keeps
 * them): the digests that tell one hold or selection from another, and which finished booking a
 * session may see.
 */

export type { DoneStatus, DoneSummary, HeldSummary } from './store';

/**
 * A short digest of a selection: the overview compares the one the hold was made for with the
 * one in the URL, and re-prices the hold when they differ.
 */
export function selectionKey(sel: BookingSelection): string {
  return createHash('sha256')
    .update(JSON.stringify(canonicalSelection(sel)))
    .digest('hex')
    .slice(0, 32);
}

/**
 * A short digest of a hold as the overview shows it: its transaction, selection, unit, price and
 * payment terms. A tab sends the one its overview showed when the guest presses Book, and
 * finalize refuses to confirm a hold another tab of the same browser has since replaced or
 * re-priced. Its lapse time is left out: renewing a hold for the same price changes nothing shown.
 */
export function holdVersion(held: HeldSummary): string {
  // Read through the schema first: the hold as just placed and as read back from the store then
  // give the same text (the store's copy has the schema's key order and no other keys).
  const { txn, selectionKey: selected, unit, price, terms } = HeldSummarySchema.parse(held);
  return createHash('sha256')
    .update(JSON.stringify([txn, selected, unit?.id ?? null, price, terms]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The booking this session has finished, for as long as the session lives: the thank-you page,
 * its calendar file and every booking page of the booked stay read it, in any tab of the browser
 * that holds the cookie. Nothing else names the record: its key is the session's random id.
 * The record decides, not the cookie's stage: a copy of the cookie from before the booking was
 * finalized still says "held", and must not reach the finished reservation again.
 */
export async function readSessionBooking(session: BookingSession | null): Promise<DoneSummary | null> {
  if (!session) return null;
  const done = await readDone(session.sid);
  return done && done.houseId === session.houseId ? done : null;
}

/** Whether a finished booking is of this house for exactly these nights (its dates may carry a time). */
export function isBookedStay(
  done: Pick<DoneSummary, 'houseId' | 'startDate' | 'endDate'>,
  stay: { houseId: number; startDate: string; endDate: string },
): boolean {
  return (
    done.houseId === stay.houseId &&
    done.startDate.slice(0, 10) === stay.startDate &&
    done.endDate.slice(0, 10) === stay.endDate
  );
}
