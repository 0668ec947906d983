import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CampaignFieldSchema } from '@/lib/attribution/campaign-field';
import { PaymentTermsSchema, PriceOverviewSchema } from '@/lib/booking/overview';
import { PartySchema } from '@/lib/booking/party-schema';
import type { BookingSelection } from '@/lib/booking/selection';
import { getGateway } from '@/lib/partner-api/gateway';
import { HOLD_TTL_SECONDS } from '@/lib/session/booking-session';
import type { WindowLimit } from '@/lib/upstream/fixed-windows';
import type { Store } from '@/lib/upstream/store';

/**
 * What the booking flow keeps in the shared store (memory, or Redis for a fleet), one kind of
 * record at a time, each with its shape and its key. Nothing else in the flow names a key or
 * reaches the store. Keys and shapes are those every running instance reads and writes: a change
 * to either needs a new version in the key, or a deploy loses the records a running Redis holds.
 *
 * None holds personal data: no name, address, e-mail or phone. A hold keeps its transactionId
 * only as a digest; a finished booking keeps the partner's reservation code, which after
 * finalize may be that same id.
 */

function store(): Store {
  return getGateway().store;
}

/** A transactionId as it may appear in store keys and logs of the flow: a digest, not the id. */
export function transactionDigest(transactionId: string): string {
  return createHash('sha256').update(transactionId).digest('hex').slice(0, 24);
}

// ---------------------------------------------------------------------------------------------
// The hold: the live hold of a booking session, as the partner priced it at the last pre-register.

const UnitSchema = z.object({
  id: z.number(),
  number: z.string(),
  allowPets: z.boolean().nullable(),
  preferenceIds: z.array(z.number()).nullable(),
  maxPets: z.number().nullable(),
});

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

const heldKey = (sid: string) => `booking:held:v1:${sid}`;

/** Kept a little past the hold's lapse, so the overview can still say it lapsed. */
export async function writeHeld(sid: string, summary: HeldSummary, now = Date.now()): Promise<void> {
  const ttl = Math.max(60_000, summary.holdExpiresAt - now + 5 * 60_000);
  await store().idempotency.set(heldKey(sid), summary, ttl);
}

export async function readHeld(sid: string): Promise<HeldSummary | null> {
  const parsed = HeldSummarySchema.safeParse(await store().idempotency.get(heldKey(sid)));
  return parsed.success ? parsed.data : null;
}

export async function forgetHeld(sid: string): Promise<void> {
  await store().idempotency.delete(heldKey(sid));
}

// ---------------------------------------------------------------------------------------------
// The finished booking: what the thank-you page shows, written when finalize succeeds.

export const DONE_TTL_MS = 24 * 60 * 60_000;

/**
 * How a finished booking stands for the guest: confirmed (pay later), sent on to the partner's
 * payment page, or made with payment to follow by the partner's e-mail (the guest chose to pay
 * now, but the partner's answer named no payment page to send them to).
 */
export const DONE_STATUSES = ['confirmed', 'awaiting_payment', 'payment_follows'] as const;
export type DoneStatus = (typeof DONE_STATUSES)[number];

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

const doneKey = (sid: string) => `booking:done:v1:${sid}`;

export async function writeDone(sid: string, summary: DoneSummary): Promise<void> {
  await store().idempotency.set(doneKey(sid), summary, DONE_TTL_MS);
}

export async function readDone(sid: string): Promise<DoneSummary | null> {
  const parsed = DoneSummarySchema.safeParse(await store().idempotency.get(doneKey(sid)));
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// The pending attempt: a pre-register that got no answer (see ../rules/pending-attempt.ts), kept
// under the random id of its own cookie: the house, unit and nights, and when its hold lapses.

const PendingAttemptSchema = z.object({
  houseId: z.number(),
  /** null when the partner chose the unit. */
  unitId: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** Epoch ms when a hold placed by the attempt lapses at the latest. */
  until: z.number(),
});
export type PendingAttempt = z.infer<typeof PendingAttemptSchema>;

const pendingKey = (attemptId: string) => `booking:pending-attempt:v1:${attemptId}`;

/** The attempt while a hold it may have placed can still stand; null when none, or unreadable. */
export async function readPendingAttempt(
  attemptId: string | undefined,
  now: number,
): Promise<PendingAttempt | null> {
  if (!attemptId) return null;
  try {
    const parsed = PendingAttemptSchema.safeParse(await store().idempotency.get(pendingKey(attemptId)));
    return parsed.success && parsed.data.until > now ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers an attempt that got no answer, for as long as its hold could stand; best effort. */
export async function rememberPendingAttempt(
  attemptId: string,
  selection: BookingSelection,
  now: number,
): Promise<void> {
  const pending: PendingAttempt = {
    houseId: selection.houseId,
    unitId: selection.unitId ?? null,
    startDate: selection.startDate,
    endDate: selection.endDate,
    until: now + HOLD_TTL_SECONDS * 1000,
  };
  await store()
    .idempotency.set(pendingKey(attemptId), pending, HOLD_TTL_SECONDS * 1000)
    .catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Taken units: per house, the units this site has just held or booked (../rules/taken-units.ts).

const TakenUnitSchema = z.object({
  unitId: z.number(),
  start: z.string(),
  end: z.string(),
  until: z.number(),
  /** The booking session that holds it; its own hold is not "taken" for itself. */
  owner: z.string(),
});
export type TakenUnit = z.infer<typeof TakenUnitSchema>;
const TakenUnitsSchema = z.array(TakenUnitSchema);

const takenKey = (houseId: number) => `booking:taken:v1:${houseId}`;
const takenLock = (houseId: number) => `booking:taken-lock:${houseId}`;

/** The house's entries still standing at `now`. */
export async function readTakenUnits(houseId: number, now: number): Promise<TakenUnit[]> {
  const parsed = TakenUnitsSchema.safeParse(await store().idempotency.get(takenKey(houseId)));
  return parsed.success ? parsed.data.filter((e) => e.until > now) : [];
}

/**
 * Replaces the house's standing entries with what `change` makes of them, under a short lock
 * every instance respects, so two sessions marking units of one house do not drop each other's.
 * The record lives as long as its longest entry. Gives up quietly when the lock stays taken.
 */
export async function changeTakenUnits(
  houseId: number,
  change: (standing: TakenUnit[]) => TakenUnit[],
  now: number,
): Promise<void> {
  const shared = store();
  const lockName = takenLock(houseId);
  let token: string | undefined;
  for (let attempt = 0; attempt < 5 && token === undefined; attempt++) {
    token = await shared.tryLock(lockName, 2_000);
    if (token === undefined) await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
  }
  if (token === undefined) return;
  try {
    const next = change(await readTakenUnits(houseId, now)).filter((e) => e.until > now);
    if (next.length === 0) await shared.idempotency.delete(takenKey(houseId));
    else await shared.idempotency.set(takenKey(houseId), next, Math.max(...next.map((e) => e.until - now)));
  } finally {
    await shared.unlock(lockName, token);
  }
}

// ---------------------------------------------------------------------------------------------
// Finalize claims: one record per booking session and transaction (./finalize-records.ts).

/**
 * Longer than a day: a guest who comes back to the confirmation tab the next day, or a client
 * that retries late, still gets the stored answer instead of a second booking.
 */
export const RECORD_TTL_MS = 25 * 60 * 60_000;

const StoredResponseSchema = z.object({ status: z.number().int(), body: z.unknown() });
export type StoredResponse = z.infer<typeof StoredResponseSchema>;

const base = { key: z.string(), fp: z.string() };
const FinalizeRecordSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('in_flight'), startedAt: z.number(), ...base }),
  z.object({ state: z.literal('done'), response: StoredResponseSchema, ...base }),
  z.object({ state: z.literal('unknown'), response: StoredResponseSchema, ...base }),
  // Written by earlier versions, with a 1 ms lifetime, where they now delete the record.
  z.object({ state: z.literal('released'), ...base }),
]);
export type FinalizeRecord = z.infer<typeof FinalizeRecordSchema>;

/** Whose finalize a record is: the booking session and the transaction it confirms. */
export interface FinalizeScope {
  readonly sid: string;
  readonly transactionId: string;
}

export function finalizeRecordKey(scope: FinalizeScope): string {
  return `booking:finalize:v1:${scope.sid}:${transactionDigest(scope.transactionId)}`;
}

/** Stores `record` only if the scope has none; true when this call stored it. Atomic across instances. */
export async function createFinalizeRecord(scope: FinalizeScope, record: FinalizeRecord): Promise<boolean> {
  return store().idempotency.putIfAbsent(finalizeRecordKey(scope), record, RECORD_TTL_MS);
}

export async function readFinalizeRecord(scope: FinalizeScope): Promise<FinalizeRecord | undefined> {
  const parsed = FinalizeRecordSchema.safeParse(await store().idempotency.get(finalizeRecordKey(scope)));
  return parsed.success ? parsed.data : undefined;
}

export async function writeFinalizeRecord(scope: FinalizeScope, record: FinalizeRecord): Promise<void> {
  await store().idempotency.set(finalizeRecordKey(scope), record, RECORD_TTL_MS);
}

export async function deleteFinalizeRecord(scope: FinalizeScope): Promise<void> {
  await store().idempotency.delete(finalizeRecordKey(scope));
}

// ---------------------------------------------------------------------------------------------
// The inbound limits' windows (../rules/rate-limit.ts), counted where every instance sees them.

/** Counts a request in `limits`' windows: the seconds to wait when one is full, else null. */
export function admitWindows(limits: readonly WindowLimit[], now: number): Promise<number | null> {
  return store().admitWindows(limits, now);
}
