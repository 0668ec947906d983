import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Store } from '@/lib/upstream/store';
import { transactionDigest } from './booking-records';

/**
 * The idempotency record of finalize. One record per booking session and transaction, created
 * atomically (putIfAbsent) before the partner is called, so a double click, a retried request
 * or a second tab makes at most one partner finalize:
 *
 * - no record: this request takes it (in flight) and calls the partner;
 * - same Idempotency-Key, other payload: 422;
 * - in flight: 409; a request in flight far longer than a write may take was lost with its
 *   instance after it may have reached the partner: the record becomes an unknown outcome, and
 *   the request that finds it so is told to alert the operator (`lost`), once;
 * - completed or unknown: the stored response is replayed, byte for byte;
 * - another key for a completed transaction: the stored response when the payload is the same,
 *   else 409;
 * - released (a definite failure: the partner provably did not finalize): free again.
 */

/**
 * Longer than a day: a guest who comes back to the confirmation tab the next day, or a client
 * that retries late, still gets the stored answer instead of a second booking.
 */
export const RECORD_TTL_MS = 25 * 60 * 60_000;
/**
 * Longer than any write may wait for the partner (PARTNER_WRITE_TIMEOUT_MS is at most two
 * minutes); an in-flight record older than this lost its request with its instance.
 */
export const STALE_IN_FLIGHT_MS = 150_000;

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const StoredResponseSchema = z.object({ status: z.number().int(), body: z.unknown() });
export type StoredResponse = z.infer<typeof StoredResponseSchema>;

const base = { key: z.string(), fp: z.string() };
const RecordSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('in_flight'), startedAt: z.number(), ...base }),
  z.object({ state: z.literal('done'), response: StoredResponseSchema, ...base }),
  z.object({ state: z.literal('unknown'), response: StoredResponseSchema, ...base }),
  z.object({ state: z.literal('released'), ...base }),
]);
export type FinalizeRecord = z.infer<typeof RecordSchema>;

export function recordKey(sid: string, transactionId: string): string {
  return `booking:finalize:v1:${sid}:${transactionDigest(transactionId)}`;
}

/**
 * A digest of what is asked, so the same key with another payload can be told apart. It names
 * the hold the page showed when the request does: after one tab has booked, another tab that
 * showed an earlier price of that hold asks for something else, and is told the stay is booked
 * instead of being handed the other tab's booking as its own.
 */
export function fingerprint(payload: { paymentType: string; hold?: string | undefined }): string {
  const asked =
    payload.hold === undefined
      ? { paymentType: payload.paymentType }
      : { paymentType: payload.paymentType, hold: payload.hold };
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

export type Claim =
  | { kind: 'acquired' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'lost'; response: StoredResponse }
  | { kind: 'in_progress' }
  | { kind: 'key_reused' }
  | { kind: 'already_finalized' };

const CHECKING: StoredResponse = { status: 202, body: { status: 'checking' } };

async function read(store: Store, name: string): Promise<FinalizeRecord | undefined> {
  const parsed = RecordSchema.safeParse(await store.idempotency.get(name));
  return parsed.success ? parsed.data : undefined;
}

export async function claimFinalize(
  store: Store,
  scope: { sid: string; transactionId: string },
  request: { key: string; fp: string },
  now = Date.now(),
): Promise<Claim> {
  const name = recordKey(scope.sid, scope.transactionId);
  for (let attempt = 0; attempt < 5; attempt++) {
    const record: FinalizeRecord = { state: 'in_flight', startedAt: now, key: request.key, fp: request.fp };
    if (await store.idempotency.putIfAbsent(name, record, RECORD_TTL_MS)) return { kind: 'acquired' };
    const existing = await read(store, name);
    if (!existing || existing.state === 'released') {
      // Released a moment ago (its 1 ms lifetime has not run out yet): try again.
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    const sameKey = existing.key === request.key;
    if (sameKey && existing.fp !== request.fp) return { kind: 'key_reused' };
    switch (existing.state) {
      case 'in_flight': {
        if (now - existing.startedAt <= STALE_IN_FLIGHT_MS) return { kind: 'in_progress' };
        const unknown: FinalizeRecord = {
          state: 'unknown',
          response: CHECKING,
          key: existing.key,
          fp: existing.fp,
        };
        await store.idempotency.set(name, unknown, RECORD_TTL_MS);
        return { kind: 'lost', response: CHECKING };
      }
      case 'unknown':
        return { kind: 'replay', response: existing.response };
      case 'done':
        return sameKey || existing.fp === request.fp
          ? { kind: 'replay', response: existing.response }
          : { kind: 'already_finalized' };
    }
  }
  return { kind: 'in_progress' };
}

export async function completeFinalize(
  store: Store,
  scope: { sid: string; transactionId: string },
  request: { key: string; fp: string },
  outcome: { state: 'done' | 'unknown'; response: StoredResponse },
): Promise<void> {
  const record: FinalizeRecord = { ...request, ...outcome };
  await store.idempotency.set(recordKey(scope.sid, scope.transactionId), record, RECORD_TTL_MS);
}

/** After a definite failure (nothing finalized at the partner): the transaction may be tried again. */
export async function releaseFinalize(
  store: Store,
  scope: { sid: string; transactionId: string },
  request: { key: string; fp: string },
): Promise<void> {
  const record: FinalizeRecord = { state: 'released', ...request };
  await store.idempotency.set(recordKey(scope.sid, scope.transactionId), record, 1);
}

/** The record's state for the overview page: whether this session's transaction is done or pending. */
export async function finalizeState(
  store: Store,
  scope: { sid: string; transactionId: string },
  now = Date.now(),
): Promise<'none' | 'in_flight' | 'done' | 'unknown'> {
  const record = await read(store, recordKey(scope.sid, scope.transactionId));
  if (!record || record.state === 'released') return 'none';
  if (record.state === 'in_flight')
    return now - record.startedAt > STALE_IN_FLIGHT_MS ? 'unknown' : 'in_flight';
  return record.state;
}

export { CHECKING as CHECKING_RESPONSE };
