import 'server-only';
import type { DoneSummary } from '@/lib/booking-flow/records/booking-records';
import { readSessionBooking } from '@/lib/booking-flow/records/booking-records';
import { heldUnitCheck } from '@/lib/booking-flow/handlers/responses';
import type { UnitCheck } from '@/lib/booking/held-unit';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { getActiveHouses, getHouse, getParks } from '@/lib/partner-api';
import type { BookingSession } from '@/lib/session/booking-session';
import { findHousePark } from './house';
import { readPageSession } from './session';

/**
 * The thank-you page's data: what this session booked, from the server-side record only.
 * Nothing in the address is read, so a forged or shared link shows nothing of anyone's booking.
 * The booking itself needs no partner call; only the park's name and the names of the chosen
 * preferences are looked up, and the page goes without them when the partner does not say or
 * cannot answer.
 */

export type BookedSummary = Pick<
  DoneSummary,
  | 'reservationCode'
  | 'houseName'
  | 'startDate'
  | 'endDate'
  | 'party'
  | 'price'
  | 'terms'
  | 'paymentType'
  | 'status'
> & {
  unitNumber: string | null;
  /** The park the house is on, when the partner names it. */
  parkName: string | null;
  /** The park's conditions (arrival and departure times among them), when the partner gives them. */
  parkConditions: string | null;
  /** What the booked unit, as the partner reported it, confirms of the chosen preferences and pets. */
  unitCheck: UnitCheck;
  /** The chosen preferences the house names, in the page's language (the others go by their id). */
  preferences: { id: number; name: string }[];
};

export interface ThankYouPageData {
  /** Null when this session has not finished a booking (or it has ended). */
  summary: BookedSummary | null;
  houseId: number | null;
}

export interface BookedHouseFacts {
  parkName: string | null;
  parkConditions: string | null;
  /** The booked preferences' names, from the same house read. */
  preferences: { id: number; name: string }[];
}

/**
 * The name of the park the booked house is on, the park's conditions and the names of the
 * chosen preferences. The partner documents none of them for every house, so they are
 * decoration: any missing field or failed read leaves them out (the house read is the house
 * page's, so it is usually cached).
 */
export async function findBookedHouseFacts(
  done: Pick<DoneSummary, 'houseId' | 'startDate' | 'endDate' | 'party'> &
    Partial<Pick<DoneSummary, 'preferenceIds'>>,
  locale: string,
): Promise<BookedHouseFacts> {
  try {
    const stay = {
      startDate: done.startDate.slice(0, 10),
      endDate: done.endDate.slice(0, 10),
      party: done.party,
    };
    const [house, parks] = await Promise.all([getHouse(done.houseId, stay, locale), getParks(locale)]);
    const parkConditions = house.data.descriptions.parkConditions.trim() || null;
    const chosen = new Set(done.preferenceIds ?? []);
    const preferences = house.data.preferences
      .filter((p) => chosen.has(p.id) && p.name.trim() !== '')
      .map((p) => ({ id: p.id, name: p.name }));
    if (parks.length === 0) return { parkName: null, parkConditions, preferences };
    const active = house.data.parkId === undefined ? await getActiveHouses(DEFAULT_LOCALE) : [];
    return { parkName: findHousePark(house.data, parks, active)?.name || null, parkConditions, preferences };
  } catch {
    return { parkName: null, parkConditions: null, preferences: [] };
  }
}

export function toBookedSummary(done: DoneSummary, facts: BookedHouseFacts): BookedSummary {
  return {
    reservationCode: done.reservationCode,
    houseName: done.houseName,
    unitNumber: done.unit?.number ?? null,
    startDate: done.startDate.slice(0, 10),
    endDate: done.endDate.slice(0, 10),
    party: done.party,
    price: done.price,
    terms: done.terms,
    paymentType: done.paymentType,
    status: done.status,
    unitCheck: heldUnitCheck(done),
    ...facts,
  };
}

export async function loadThankYouPage(
  locale: string,
  session?: BookingSession | null,
): Promise<ThankYouPageData> {
  const done = await readSessionBooking(session === undefined ? await readPageSession() : session);
  if (!done) return { summary: null, houseId: null };
  return {
    summary: toBookedSummary(done, await findBookedHouseFacts(done, locale)),
    houseId: done.houseId,
  };
}
