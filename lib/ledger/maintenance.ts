import 'server-only';
import type { Db } from './db';
import type { VisitCount } from './visits';

/** What the ledger does besides taking bookings: adding up landings, and forgetting old rows. */

/** Adds the counts to the day's totals; instances flushing the same combination add up. */
export async function writeVisits(db: Db, counts: readonly VisitCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db.transaction(async (tx) => {
    for (const c of counts) {
      await tx.query(
        `INSERT INTO ledger_visits (day, utm_source, utm_medium, utm_campaign, cid, visits)
         VALUES ($1::date, $2, $3, $4, $5, $6)
         ON CONFLICT (day, utm_source, utm_medium, utm_campaign, cid)
         DO UPDATE SET visits = ledger_visits.visits + EXCLUDED.visits`,
        [c.day, c.utm_source, c.utm_medium, c.utm_campaign, c.cid, c.visits],
      );
    }
  });
}

export interface Purged {
  readonly bookings: number;
  readonly visits: number;
  readonly deliveries: number;
}

/**
 * Deletes what is older than the retention: bookings by their finalized time, visit counts by
 * their day, and settled webhook deliveries (one still pending is kept until it is settled).
 */
export async function purgeOlderThan(db: Db, retentionDays: number): Promise<Purged> {
  const days = [retentionDays];
  return db.transaction(async (tx) => {
    const bookings = await tx.query(
      `DELETE FROM ledger_bookings WHERE finalized_at < now() - make_interval(days => $1::int) RETURNING 1`,
      days,
    );
    const visits = await tx.query(
      `DELETE FROM ledger_visits WHERE day < (now() - make_interval(days => $1::int))::date RETURNING 1`,
      days,
    );
    const deliveries = await tx.query(
      `DELETE FROM ledger_webhook_deliveries
       WHERE status <> 'pending' AND created_at < now() - make_interval(days => $1::int) RETURNING 1`,
      days,
    );
    return { bookings: bookings.length, visits: visits.length, deliveries: deliveries.length };
  });
}
