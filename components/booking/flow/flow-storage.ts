/**
 * What the browser keeps between steps in sessionStorage (this tab only, gone when it closes):
 * the guest's details as typed, so nothing is lost on reload or when a later step fails, and a
 * marker of the last hold, so an expired hold can be explained instead of silently renewed.
 * The details leave the browser only in the pre-register request; they are cleared after
 * finalize.
 */
import type { Guest, GuestInput } from '@/lib/booking/guest';
import { GUEST_FIELDS } from '@/lib/booking/guest-fields';
import { isPartyWithinLimits, PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { isNumber, isRecord, optional, shape, stringUpTo, type Guard } from '@/lib/validation/guards';
import { browserStorage } from '@/lib/browser-storage';

const GUEST_KEY = 'pbs.booking.guest.v1';
const HOLD_KEY = 'pbs.booking.hold.v1';
const DONE_KEY = 'pbs.booking.done.v1';
const LATEST_KEY = 'pbs.booking.selection.v1';
const PAYMENT_KEY = 'pbs.booking.payment.v1';
const PARTY_KEY = 'pbs.booking.party.v1';

function read(key: string): unknown {
  try {
    const text = browserStorage('tab')?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    browserStorage('tab')?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled: the form still works, it just will not survive a reload.
  }
}

function remove(key: string): void {
  try {
    browserStorage('tab')?.removeItem(key);
  } catch {
    // nothing to do
  }
}

export function loadGuest(): Partial<GuestInput> | null {
  const value = read(GUEST_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const out: Record<string, string> = {};
  for (const field of GUEST_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string') out[field] = v.slice(0, 300);
  }
  return out as Partial<GuestInput>;
}

export function saveGuest(values: Partial<Record<string, unknown>>): void {
  const out: Record<string, string> = {};
  for (const field of GUEST_FIELDS) {
    const v = values[field];
    if (typeof v === 'string') out[field] = v;
  }
  write(GUEST_KEY, out);
}

export function clearGuest(): void {
  remove(GUEST_KEY);
}

export interface HoldMarker {
  houseId: number;
  expiresAt: number;
}
const isHoldMarker: Guard<HoldMarker> = shape<HoldMarker>({ houseId: isNumber, expiresAt: isNumber });

export function loadHoldMarker(): HoldMarker | null {
  const marker = read(HOLD_KEY);
  return isHoldMarker(marker) ? { houseId: marker.houseId, expiresAt: marker.expiresAt } : null;
}

export function saveHoldMarker(marker: HoldMarker): void {
  write(HOLD_KEY, marker);
}

export function clearHoldMarker(): void {
  remove(HOLD_KEY);
}

/** The name and e-mail a finished booking was made with, for the thank-you page of this tab. */
export interface BookedContact {
  name: string;
  email: string;
}

interface Done {
  houseId: number;
  contact?: BookedContact;
  booked?: BookedStay;
}
const isDone: Guard<Done> = shape<Done>({
  houseId: isNumber,
  contact: optional(shape<BookedContact>({ name: stringUpTo(200), email: stringUpTo(300) })),
  booked: optional(
    shape<BookedStay>({
      startDate: stringUpTo(40),
      endDate: stringUpTo(40),
      reservationCode: stringUpTo(200),
    }),
  ),
});

/** The finished booking this tab remembers for the house, only the fields it has for it. */
function readDone(houseId: number): Done | null {
  const done = read(DONE_KEY);
  if (!isDone(done) || done.houseId !== houseId) return null;
  const { contact, booked } = done;
  return {
    houseId,
    ...(contact ? { contact: { name: contact.name, email: contact.email } } : {}),
    ...(booked
      ? {
          booked: {
            startDate: booked.startDate,
            endDate: booked.endDate,
            reservationCode: booked.reservationCode,
          },
        }
      : {}),
  };
}

/** The stay a booking was made for and the partner's code for it, as the thank-you page showed them. */
export interface BookedStay {
  startDate: string;
  endDate: string;
  reservationCode: string;
}

/**
 * Set after finalize, so going back to the overview does not place a new hold by itself, and
 * again by the thank-you page with the stay and its reservation code, so every booking page of
 * that stay in this tab says it is booked, also once the server's session has lapsed. The
 * guest's details are forgotten; only the name and e-mail stay, for this tab's thank-you page
 * (the server keeps no guest details with the booking), until the tab closes or a new hold.
 * `guest` is the stored details as the guest schema accepted them, or null (markBookingDone in
 * valid-guest.ts reads them).
 */
export function recordBookingDone(houseId: number, guest: Guest | null, booked?: BookedStay): void {
  const before = readDone(houseId);
  const contact = guest ? { name: fullName(guest), email: guest.email } : before?.contact;
  const stay = booked ?? before?.booked;
  write(DONE_KEY, {
    houseId,
    at: Date.now(),
    ...(contact ? { contact } : {}),
    ...(stay ? { booked: stay } : {}),
  });
  clearGuest();
  clearHoldMarker();
  remove(LATEST_KEY);
  remove(PARTY_KEY);
}

export function wasBookingDone(houseId: number): boolean {
  return readDone(houseId) !== null;
}

/** The booking this tab made of this house for exactly these nights, if any. */
export function loadBookedStay(houseId: number, startDate: string, endDate: string): BookedStay | null {
  const booked = readDone(houseId)?.booked;
  // The record's dates may carry a time; the nights are what count.
  return booked && booked.startDate.slice(0, 10) === startDate && booked.endDate.slice(0, 10) === endDate
    ? booked
    : null;
}

export function loadBookedContact(houseId: number): BookedContact | null {
  return readDone(houseId)?.contact ?? null;
}

/** "Anna van den Berg": first name, the particle when there is one, last name. */
export function fullName(guest: Pick<Guest, 'firstName' | 'insertion' | 'lastName'>): string {
  return [guest.firstName, guest.insertion, guest.lastName].filter((part) => part).join(' ');
}

export function clearBookingDone(): void {
  remove(DONE_KEY);
}

/**
 * The latest choices of each step, for this stay. Browser back shows an earlier step with the
 * choices it had when the guest left it; going forward again with the button then takes the
 * later steps' choices from here instead of dropping them.
 */
export function saveLatestSelection(stayKey: string, selection: unknown): void {
  write(LATEST_KEY, { stayKey, selection });
}

export function loadLatestSelection(stayKey: string): unknown {
  const latest = read(LATEST_KEY);
  return isRecord(latest) && latest.stayKey === stayKey ? latest.selection : null;
}

/**
 * The party last chosen for this stay, on step 1 or with the address the flow was opened with.
 * A later step reached with browser forward has an address from before a change of the party
 * made after going back; it is taken from here instead.
 */
export function saveLatestParty(stayKey: string, party: Party): void {
  write(PARTY_KEY, { stayKey, party });
}

/** The party kept for this stay, or null when there is none or it is not a valid party. */
export function loadLatestParty(stayKey: string): Party | null {
  const latest = read(PARTY_KEY);
  if (!isRecord(latest) || latest.stayKey !== stayKey || !isRecord(latest.party)) return null;
  const kept = latest.party;
  const party = Object.fromEntries(PARTY_FIELDS.map((field) => [field, kept[field]])) as Party;
  return isPartyWithinLimits(party) ? party : null;
}

/** The way to pay chosen on the overview of this stay, kept through a reload or a change of language. */
export function savePaymentChoice(stayKey: string, payment: string | null): void {
  if (payment === null) remove(PAYMENT_KEY);
  else write(PAYMENT_KEY, { stayKey, payment });
}

export function loadPaymentChoice(stayKey: string): string | null {
  const saved = read(PAYMENT_KEY);
  return isRecord(saved) && saved.stayKey === stayKey && typeof saved.payment === 'string'
    ? saved.payment
    : null;
}
