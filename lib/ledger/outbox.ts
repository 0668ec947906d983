import 'server-only';
import { z } from 'zod';
import type { Store } from '@/lib/upstream/store';
import { LedgerRowSchema, type LedgerRow } from './entry';

/**
 * Bookings waiting to be written to the ledger, kept in the shared store the booking records use
 * (memory for one instance, Redis for a fleet, where every instance drains it). Each entry is a
 * record of its own under the reservation code; an index lists the codes, changed only under a
 * short lock every instance respects. An entry leaves only once the database has committed it,
 * so a database that is down delays the ledger and loses nothing.
 */

/** Longer than any outage worth waiting out; an entry still here then is dropped by the store. */
export const OUTBOX_TTL_MS = 30 * 24 * 60 * 60_000;

const entryKey = (code: string) => `ledger:outbox:v1:entry:${code}`;
const INDEX_KEY = 'ledger:outbox:v1:index';
const LOCK = 'ledger:outbox:v1:lock';

const IndexSchema = z.array(z.string());

async function readIndex(store: Store): Promise<string[]> {
  const parsed = IndexSchema.safeParse(await store.idempotency.get(INDEX_KEY));
  return parsed.success ? parsed.data : [];
}

/** Changes the index under the lock; throws when the lock stays taken, so nothing is lost quietly. */
async function changeIndex(store: Store, change: (codes: string[]) => string[]): Promise<void> {
  let token: string | undefined;
  for (let attempt = 0; attempt < 20 && token === undefined; attempt++) {
    token = await store.tryLock(LOCK, 2_000);
    if (token === undefined) await new Promise((resolve) => setTimeout(resolve, 10 * (attempt + 1)));
  }
  if (token === undefined) throw new Error('the ledger outbox lock stayed taken');
  try {
    const next = change(await readIndex(store));
    if (next.length === 0) await store.idempotency.delete(INDEX_KEY);
    else await store.idempotency.set(INDEX_KEY, next, OUTBOX_TTL_MS);
  } finally {
    await store.unlock(LOCK, token);
  }
}

/** Puts the booking into the outbox: the entry first, so an indexed code always has one. */
export async function enqueueLedgerRow(store: Store, row: LedgerRow): Promise<void> {
  const code = row.reservation_code;
  await store.idempotency.set(entryKey(code), row, OUTBOX_TTL_MS);
  await changeIndex(store, (codes) => (codes.includes(code) ? codes : [...codes, code]));
}

/** The codes waiting, oldest first. */
export function pendingCodes(store: Store): Promise<string[]> {
  return readIndex(store);
}

/** The entry waiting under `code`; null when it is gone (written by another instance) or unreadable. */
export async function readOutboxEntry(store: Store, code: string): Promise<LedgerRow | null> {
  const parsed = LedgerRowSchema.safeParse(await store.idempotency.get(entryKey(code)));
  return parsed.success ? parsed.data : null;
}

/** Takes the booking out of the outbox, after the database committed it. */
export async function removeFromOutbox(store: Store, code: string): Promise<void> {
  await store.idempotency.delete(entryKey(code));
  await changeIndex(store, (codes) => codes.filter((c) => c !== code));
}

export interface DrainResult {
  /** Rows this call inserted (not those the ledger had already). */
  readonly written: number;
  /** Entries taken out of the outbox. */
  readonly removed: number;
  /** The database refused a write: the caller waits before the next drain. */
  readonly failed: boolean;
  readonly error?: unknown;
}

/**
 * Writes every waiting booking with `write` (true when it inserted the row) and takes it out of
 * the outbox after. Stops at the first failed write, leaving it and the rest for the next drain.
 */
export async function drainOutbox(
  store: Store,
  write: (row: LedgerRow) => Promise<boolean>,
): Promise<DrainResult> {
  let written = 0;
  let removed = 0;
  for (const code of await pendingCodes(store)) {
    const row = await readOutboxEntry(store, code);
    if (row !== null) {
      try {
        if (await write(row)) written++;
      } catch (error) {
        return { written, removed, failed: true, error };
      }
    }
    await removeFromOutbox(store, code);
    removed++;
  }
  return { written, removed, failed: false };
}
