import 'server-only';
import { readDone, type DoneSummary } from '@/lib/booking-flow/records/booking-records';
import { readPageSession } from './session';

/**
 * The thank-you page's data: what this session booked, from the server-side record only.
 * Nothing in the address is read, so a forged or shared link shows nothing of anyone's booking.
 * No partner call, so there is no partner failure to meet here.
 */

export type BookedSummary = Pick<
  DoneSummary,
  'reservationCode' | 'houseName' | 'startDate' | 'endDate' | 'party' | 'price' | 'terms' | 'paymentType' | 'status'
> & { unitNumber: string | null };

export interface ThankYouPageData {
  /** Null when this session has not finished a booking (or it has been closed). */
  summary: BookedSummary | null;
  houseId: number | null;
}

export async function loadThankYouPage(): Promise<ThankYouPageData> {
  const session = await readPageSession();
  const done = session?.stage === 'finalized' ? await readDone(session.sid) : null;
  if (!done) return { summary: null, houseId: null };
  return {
    summary: {
      reservationCode: done.reservationCode,
      houseName: done.houseName,
      unitNumber: done.unit?.number ?? null,
      startDate: done.startDate,
      endDate: done.endDate,
      party: done.party,
      price: done.price,
      terms: done.terms,
      paymentType: done.paymentType,
      status: done.status,
    },
    houseId: done.houseId,
  };
}
