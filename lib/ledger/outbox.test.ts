import { describe, expect, it } from 'vitest';
import { MemoryStore } from '@/lib/upstream/memory-store';
import type { LedgerRow } from './entry';
import { drainOutbox, enqueueLedgerRow, pendingCodes } from './outbox';

function row(code: string): LedgerRow {
  return {
    reservation_code: code,
    house_id: 1,
    house_name: 'Dune house',
    park_id: null,
    arrival: '2027-05-01',
    departure: '2027-05-08',
    adults: 2,
    children: 1,
    pets: 0,
    total_amount: 812.5,
    first_pay_amount: null,
    currency: null,
    payment_type: 'Later',
    status: 'confirmed',
    utm_source: 'news',
    utm_medium: null,
    utm_campaign: 'spring',
    utm_term: null,
    utm_content: null,
    cid: 'p42',
    language: 'nl',
    finalized_at: '2027-04-01T10:00:00.000Z',
  };
}

/** A database that keeps rows by reservation code, as the ledger's ON CONFLICT DO NOTHING does. */
function fakeDb() {
  const rows = new Map<string, LedgerRow>();
  let inserts = 0;
  return {
    rows,
    inserts: () => inserts,
    async write(r: LedgerRow): Promise<boolean> {
      await new Promise((resolve) => setTimeout(resolve, 1));
      inserts++;
      if (rows.has(r.reservation_code)) return false;
      rows.set(r.reservation_code, r);
      return true;
    },
  };
}

describe('the ledger outbox', () => {
  it('keeps every booking until the database has taken it, oldest first', async () => {
    const store = new MemoryStore();
    await enqueueLedgerRow(store, row('A1'));
    await enqueueLedgerRow(store, row('B2'));
    expect(await pendingCodes(store)).toEqual(['A1', 'B2']);

    const db = fakeDb();
    const result = await drainOutbox(store, (r) => db.write(r));
    expect(result).toEqual({ written: 2, removed: 2, failed: false });
    expect([...db.rows.keys()]).toEqual(['A1', 'B2']);
    expect(await pendingCodes(store)).toEqual([]);
  });

  it('leaves the failed entry and those after it when the database refuses a write', async () => {
    const store = new MemoryStore();
    for (const code of ['A1', 'B2', 'C3']) await enqueueLedgerRow(store, row(code));
    const db = fakeDb();
    const down = new Error('connection refused');
    const result = await drainOutbox(store, async (r) => {
      if (r.reservation_code === 'B2') throw down;
      return db.write(r);
    });
    expect(result).toMatchObject({ written: 1, removed: 1, failed: true, error: down });
    expect(await pendingCodes(store)).toEqual(['B2', 'C3']);

    // The database is back: the next drain writes what was left, once each.
    expect(await drainOutbox(store, (r) => db.write(r))).toEqual({ written: 2, removed: 2, failed: false });
    expect([...db.rows.keys()].sort()).toEqual(['A1', 'B2', 'C3']);
  });

  it('puts the same booking in once however often it is enqueued', async () => {
    const store = new MemoryStore();
    await enqueueLedgerRow(store, row('A1'));
    await enqueueLedgerRow(store, row('A1'));
    expect(await pendingCodes(store)).toEqual(['A1']);
  });

  it('gives one row per booking when two instances drain the same outbox at once', async () => {
    const store = new MemoryStore();
    const codes = Array.from({ length: 12 }, (_, i) => `R${i}`);
    await Promise.all(codes.map((code) => enqueueLedgerRow(store, row(code))));
    expect((await pendingCodes(store)).sort()).toEqual([...codes].sort());

    const db = fakeDb();
    const [a, b] = await Promise.all([
      drainOutbox(store, (r) => db.write(r)),
      drainOutbox(store, (r) => db.write(r)),
    ]);
    expect(a.written + b.written).toBe(codes.length);
    expect(db.rows.size).toBe(codes.length);
    expect(await pendingCodes(store)).toEqual([]);
  });

  it('drops an entry it cannot read instead of stopping the drain on it', async () => {
    const store = new MemoryStore();
    await enqueueLedgerRow(store, row('A1'));
    await store.idempotency.set('ledger:outbox:v1:entry:A1', { reservation_code: '' }, 60_000);
    await enqueueLedgerRow(store, row('B2'));
    const db = fakeDb();
    expect(await drainOutbox(store, (r) => db.write(r))).toEqual({ written: 1, removed: 2, failed: false });
    expect([...db.rows.keys()]).toEqual(['B2']);
  });
});
