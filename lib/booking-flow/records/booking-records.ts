import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CampaignFieldSchema } from '@/lib/attribution/campaign-field';
import { PaymentTermsSchema, PriceOverviewSchema } from '@/lib/booking/overview';
import { PartySchema } from '@/lib/booking/party-schema';
import { canonicalSelection, type BookingSelection } from '@/lib/booking/selection';
import { getGateway } from '@/lib/partner-api/gateway';
import type { BookingSession } from '@/lib/session/booking-session';
import type { Store } from '@/lib/upstream/store';

/**
 * What the booking flow keeps in the shared store (memory, or Redis for a fleet), keyed by the
 * booking session's random id: the current hold (its price specification, for the overview)
 * and the finished booking (for the thank-you page), each with the campaign tags the guest's
 * landing link carried, if any. Neither holds personal data: no name, address, e-mail or phone.
 * The hold keeps its transactionId only as a digest; the finished booking keeps the partner's
 * reservation code, which after finalize may be that same id.
 */

export const DONE_TTL_MS = 24 * 60 * 60_000;

export function getBookingStore(): Store {
  return getGateway().store;
}

/** A transactionId as it may appear in store keys and logs of the flow: a digest, not the id. */
export function transactionDigest(transactionId: string): string {
  return createHash('sha256').update(transactionId).digest('hex').slice(0, 24);
}

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

const UnitSchema = z.object({
  id: z.number(),
  number: z.string(),
  allowPets: z.boolean().nullable(),
  preferenceIds: z.array(z.number()).nullable(),
  maxPets: z.number().nullable(),
});

/** The live hold of a session, as the partner priced it at the last pre-register. */
export const HeldSummarySchema = z.object({
  v: z.literal(1),
  houseId: z.number(),
  houseName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  party: PartySchema,
  /** selectionKey() of what was pre-registered. */
  selectionKey: z.string(),
  cancellationFund: z.boolean(),
  /** The preferences the guest chose; a record from before they were kept reads as none. */
  preferenceIds: z.array(z.number()).default([]),
  /** The unit the partner reports as held; what it confirms of the choice is derived from it. */
  unit: UnitSchema.nullable(),
  price: PriceOverviewSchema,
  terms: PaymentTermsSchema,
  holdExpiresAt: z.number(),
  /** Whose rule the lapse time is: the partner's answer named it, or the site's own limit. */
  holdSetBy: z.enum(['partner', 'site']).default('site'),
  txn: z.string(),
  /**
   * The campaign tags of the link the guest landed with (lib/attribution): facts about the link,
   * nothing about the guest. Read leniently, so a record never fails to load because of them.
   */
  campaign: CampaignFieldSchema.optional(),
});
export type HeldSummary = z.infer<typeof HeldSummarySchema>;

/**
 * How a finished booking stands for the guest: confirmed (pay later), sent on to the partner's
 * payment page, or made with payment to follow by the partner's e-mail (the guest chose to pay
 * now, but the partner's answer named no payment page to send them to).
 */
export const DONE_STATUSES = ['confirmed', 'awaiting_payment', 'payment_follows'] as const;
export type DoneStatus = (typeof DONE_STATUSES)[number];

/** What the thank-you page shows, written when finalize succeeds. */
export const DoneSummarySchema = HeldSummarySchema.omit({
  v: true,
  holdExpiresAt: true,
  holdSetBy: true,
  selectionKey: true,
}).extend({
  v: z.literal(1),
  /** The partner's reservation code: its reservation number, else the finalized transactionId. */
  reservationCode: z.string().min(1),
  paymentType: z.enum(['Later', 'NowFullAmount', 'NowPartialPayment']),
  status: z.enum(DONE_STATUSES),
  finalizedAt: z.number(),
});
export type DoneSummary = z.infer<typeof DoneSummarySchema>;

const heldKey = (sid: string) => `booking:held:v1:${sid}`;
const doneKey = (sid: string) => `booking:done:v1:${sid}`;

export async function writeHeld(sid: string, summary: HeldSummary, now = Date.now()): Promise<void> {
  const ttl = Math.max(60_000, summary.holdExpiresAt - now + 5 * 60_000);
  await getBookingStore().idempotency.set(heldKey(sid), summary, ttl);
}

export async function readHeld(sid: string): Promise<HeldSummary | null> {
  const parsed = HeldSummarySchema.safeParse(await getBookingStore().idempotency.get(heldKey(sid)));
  return parsed.success ? parsed.data : null;
}

export async function forgetHeld(sid: string): Promise<void> {
  // The store has no delete; a 1 ms lifetime is the same thing.
  await getBookingStore().idempotency.set(heldKey(sid), null, 1);
}

export async function writeDone(sid: string, summary: DoneSummary): Promise<void> {
  await getBookingStore().idempotency.set(doneKey(sid), summary, DONE_TTL_MS);
}

export async function readDone(sid: string): Promise<DoneSummary | null> {
  const parsed = DoneSummarySchema.safeParse(await getBookingStore().idempotency.get(doneKey(sid)));
  return parsed.success ? parsed.data : null;
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
