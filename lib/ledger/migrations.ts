import 'server-only';
import type { Db } from './db';

/**
 * The ledger's schema as numbered migrations, each applied once and recorded in
 * ledger_migrations. They are kept here as SQL text rather than as files read at run time, so
 * the bundled server always carries them. A migration once released is never edited: a change
 * is a new number.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'bookings, webhook deliveries and campaign visits',
    sql: `
      CREATE TABLE ledger_bookings (
        reservation_code text PRIMARY KEY,
        house_id integer,
        house_name text,
        park_id integer,
        arrival date,
        departure date,
        adults integer,
        children integer,
        pets integer,
        total_amount numeric(12, 2),
        first_pay_amount numeric(12, 2),
        currency text,
        payment_type text,
        status text,
        utm_source text,
        utm_medium text,
        utm_campaign text,
        utm_term text,
        utm_content text,
        cid text,
        language text,
        finalized_at timestamptz NOT NULL
      );
      CREATE INDEX ledger_bookings_finalized_at ON ledger_bookings (finalized_at);

      CREATE TABLE ledger_webhook_deliveries (
        webhook_id text PRIMARY KEY,
        reservation_code text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz
      );
      CREATE INDEX ledger_webhook_deliveries_due ON ledger_webhook_deliveries (status, next_attempt_at);

      CREATE TABLE ledger_visits (
        day date NOT NULL,
        utm_source text NOT NULL DEFAULT '',
        utm_medium text NOT NULL DEFAULT '',
        utm_campaign text NOT NULL DEFAULT '',
        cid text NOT NULL DEFAULT '',
        visits bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (day, utm_source, utm_medium, utm_campaign, cid)
      );
    `,
  },
];

/** Any fixed number: the instances of a fleet agree on it to take turns migrating. */
const MIGRATION_LOCK = 4_112_026;

/**
 * Applies the migrations not yet recorded, all in one transaction under a transaction-level
 * advisory lock: two instances starting at once against one Postgres take turns, and the second
 * finds everything applied. Returns the versions this call applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 AS locked FROM pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ledger_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM ledger_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO ledger_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
