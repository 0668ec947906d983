import 'server-only';
import { createHash } from 'node:crypto';
import {
  createFinalizeRecord,
  deleteFinalizeRecord,
  readFinalizeRecord,
  writeFinalizeRecord,
  type FinalizeRecord,
  type FinalizeScope,
  type StoredResponse,
} from './store';

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
 * - released (a definite failure: the partner provably did not finalize): deleted, free again.
 */

/**
 * Longer than any write may wait for the partner (PARTNER_WRITE_TIMEOUT_MS is at most two
 * minutes); an in-flight record older than this lost its request with its instance.
 */
export const STALE_IN_FLIGHT_MS = 150_000;

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

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

export async function claimFinalize(
  scope: FinalizeScope,
  request: { key: string; fp: string },
  now = Date.now(),
): Promise<Claim> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const record: FinalizeRecord = { state: 'in_flight', startedAt: now, key: request.key, fp: request.fp };
    if (await createFinalizeRecord(scope, record)) return { kind: 'acquired' };
    const existing = await readFinalizeRecord(scope);
    if (!existing || existing.state === 'released') {
      // Released between the two calls (or by an earlier version, which left a record with a
      // 1 ms lifetime): try again.
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
        await writeFinalizeRecord(scope, unknown);
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
  scope: FinalizeScope,
  request: { key: string; fp: string },
  outcome: { state: 'done' | 'unknown'; response: StoredResponse },
): Promise<void> {
  await writeFinalizeRecord(scope, { ...request, ...outcome });
}

/** After a definite failure (nothing finalized at the partner): the transaction may be tried again. */
export async function releaseFinalize(scope: FinalizeScope): Promise<void> {
  await deleteFinalizeRecord(scope);
}

/** The record's state for the overview page: whether this session's transaction is done or pending. */
export async function finalizeState(
  scope: FinalizeScope,
  now = Date.now(),
): Promise<'none' | 'in_flight' | 'done' | 'unknown'> {
  const record = await readFinalizeRecord(scope);
  if (!record || record.state === 'released') return 'none';
  if (record.state === 'in_flight')
    return now - record.startedAt > STALE_IN_FLIGHT_MS ? 'unknown' : 'in_flight';
  return record.state;
}

export { CHECKING as CHECKING_RESPONSE };
