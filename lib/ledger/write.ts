import 'server-only';
import type { Db } from './db';
import { LEDGER_COLUMNS, type LedgerRow } from './entry';

/**
 * Writes one booking into the ledger, once: the reservation code is the key, and a second write
 * of the same booking (a retried drain, two instances draining the same outbox) changes nothing.
 * When webhooks are on, the booking's delivery is written in the same transaction, so a row
 * exists exactly when its webhook is owed.
 */

export const WEBHOOK_EVENT = 'booking.finalized';

/** The webhook id of a booking: stable, so a receiver can drop a repeated delivery. */
export const webhookIdOf = (reservationCode: string) => `booking_${reservationCode}`;

/** The webhook's body: the Standard Webhooks envelope around the ledger row. */
export function webhookBody(row: LedgerRow): string {
  return JSON.stringify({ type: WEBHOOK_EVENT, timestamp: row.finalized_at, data: row });
}

const INSERT_BOOKING = `INSERT INTO ledger_bookings (${LEDGER_COLUMNS.join(', ')})
  VALUES (${LEDGER_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
  ON CONFLICT (reservation_code) DO NOTHING
  RETURNING reservation_code`;

const INSERT_DELIVERY = `INSERT INTO ledger_webhook_deliveries (webhook_id, reservation_code, body)
  VALUES ($1, $2, $3)
  ON CONFLICT (webhook_id) DO NOTHING`;

/** True when this call wrote the row, false when the ledger had it already. */
export async function writeLedgerRow(db: Db, row: LedgerRow, webhooks: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      INSERT_BOOKING,
      LEDGER_COLUMNS.map((column) => row[column]),
    );
    if (inserted.length === 0) return false;
    if (webhooks)
      await tx.query(INSERT_DELIVERY, [
        webhookIdOf(row.reservation_code),
        row.reservation_code,
        webhookBody(row),
      ]);
    return true;
  });
}
