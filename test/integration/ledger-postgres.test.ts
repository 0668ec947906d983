import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, startPostgres, type PostgresServer } from '../postgres';
import {
  bookWithCampaign,
  eventually,
  expectBookingOnceEverywhere,
  ledgerRows,
  startReceiver,
  testLedgerSettings,
  type Receiver,
} from './ledger-fixtures';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * The booking ledger on a real Postgres (DATABASE_URL), through the booking routes against the
 * sandbox: the same booking as on the embedded database, and one made while Postgres is down,
 * which the guest never notices and which reaches the ledger and the partner once it is back.
 */

const run = hasPostgres('ledger on Postgres');
let pg: PostgresServer | undefined;
let receiver: Receiver;

describe.skipIf(!run)('the booking ledger on Postgres', () => {
  // Before the harness's own, so the sandbox's idle connections do not time out meanwhile.
  beforeAll(async () => {
    pg = await startPostgres();
  });
  const { h, nextStay } = setUpBookingHarness({ stays: { count: 2, minDaysAhead: 60 } });
  beforeAll(async () => {
    receiver = await startReceiver();
    const { replaceLedger } = await import('@/lib/ledger/ledger');
    await (await replaceLedger(testLedgerSettings({ databaseUrl: pg!.url }, receiver)))!.db();
  });
  afterAll(async () => {
    const { replaceLedger } = await import('@/lib/ledger/ledger');
    await replaceLedger();
    await receiver?.close();
    await pg?.destroy();
  });

  it('keeps a booking with campaign tags once, reports it with its landings and delivers one signed webhook after a refused one', async () => {
    await expectBookingOnceEverywhere(h, nextStay(), receiver);
  });

  it('migrates once when two instances start at once against a new database', async () => {
    const { openPostgres } = await import('@/lib/ledger/pg-db');
    const { migrate } = await import('@/lib/ledger/migrations');
    const admin = openPostgres(pg!.url);
    await admin.exec('CREATE DATABASE two_instances');
    const url = pg!.url.replace(/\/postgres$/, '/two_instances');
    const [a, b] = [openPostgres(url), openPostgres(url)];
    try {
      const applied = await Promise.all([migrate(a), migrate(b)]);
      expect(applied.flat()).toEqual([1]);
      expect(await a.query('SELECT version FROM ledger_migrations')).toEqual([{ version: 1 }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await admin.exec('DROP DATABASE two_instances');
      await admin.close();
    }
  });

  it('deletes bookings, landings and settled deliveries past the retention, and keeps the rest', async () => {
    const { getLedger } = await import('@/lib/ledger/ledger');
    const { purgeOlderThan } = await import('@/lib/ledger/maintenance');
    const db = await getLedger()!.db();
    await db.query(
      `INSERT INTO ledger_bookings (reservation_code, finalized_at) VALUES
         ('OLD-1', now() - interval '1100 days'), ('NEW-1', now() - interval '1000 days')`,
    );
    await db.query(
      `INSERT INTO ledger_visits (day, utm_source, visits) VALUES
         ((now() - interval '1100 days')::date, 'old', 3), ((now() - interval '10 days')::date, 'new', 2)`,
    );
    // The one still owed waits for its next attempt, so the suite's background delivery rounds,
    // which send every pending delivery that is due, leave it pending while this test runs.
    await db.query(
      `INSERT INTO ledger_webhook_deliveries (webhook_id, reservation_code, body, status, created_at, next_attempt_at) VALUES
         ('booking_OLD-1', 'OLD-1', '{}', 'delivered', now() - interval '1100 days', now()),
         ('booking_OLD-2', 'OLD-2', '{}', 'pending', now() - interval '1100 days', now() + interval '1 day')`,
    );
    expect(await purgeOlderThan(db, 1096)).toEqual({ bookings: 1, visits: 1, deliveries: 1 });
    const codes = await db.query<{ reservation_code: string }>(
      `SELECT reservation_code FROM ledger_bookings WHERE reservation_code IN ('OLD-1', 'NEW-1')`,
    );
    expect(codes).toEqual([{ reservation_code: 'NEW-1' }]);
    // A delivery still owed is kept until it is settled, however old.
    expect(
      await db.query(
        `SELECT webhook_id FROM ledger_webhook_deliveries WHERE webhook_id LIKE 'booking_OLD-%'`,
      ),
    ).toEqual([{ webhook_id: 'booking_OLD-2' }]);
    await db.query(`DELETE FROM ledger_webhook_deliveries WHERE webhook_id = 'booking_OLD-2'`);
  });

  it('books while the database is down, keeps the booking in the outbox and writes and sends it once when the database is back', async () => {
    const { pendingCodes } = await import('@/lib/ledger/outbox');
    const { getGateway } = await import('@/lib/partner-api/gateway');
    receiver.answer([200]);
    await pg!.stop();

    const code = await bookWithCampaign(h, nextStay(), { utm_source: 'newsletter', cid: 'p43' });
    await new Promise((resolve) => setTimeout(resolve, 500)); // rounds fail meanwhile
    expect(await pendingCodes(getGateway().store)).toEqual([code]);
    expect(receiver.deliveries).toEqual([]);

    await pg!.start();
    await eventually(async () => receiver.deliveries.find((d) => d.status === 200), 15_000);
    expect(await ledgerRows(code)).toEqual([expect.objectContaining({ reservation_code: code, cid: 'p43' })]);
    expect(await pendingCodes(getGateway().store)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.deliveries.map((d) => [d.id, d.verified])).toEqual([[`booking_${code}`, true]]);
  });
});
