import 'server-only';
import { getLogger } from '@/lib/log';
import { getGateway } from '@/lib/partner-api/gateway';
import { deliverDueWebhooks } from './webhook-deliveries';
import type { Db } from './db';
import { openDb } from './open-db';
import { purgeOlderThan, writeVisits } from './maintenance';
import { migrate } from './migrations';
import { drainOutbox } from './outbox';
import type { LedgerSettings } from './settings';
import { enableVisitCounting, restoreVisits, takeVisits } from './visits';
import { writeLedgerRow } from './write';

/**
 * The ledger's work in one process: the database opened and migrated once, and one loop that
 * every few seconds writes the outbox's bookings, sends the webhooks due, adds the landings
 * counted here and, once a day (the first time at start), deletes what is past the retention.
 * A round that fails (the database is down) is tried again after a wait that doubles up to a
 * ceiling; a booking kicks the loop at once. Each instance of a fleet runs its own loop: the
 * outbox, the deliveries table and the upserts are safe to work on from several at a time.
 */
export interface LedgerService {
  readonly settings: LedgerSettings;
  /** The database, opened and migrated on first use. */
  db(): Promise<Db>;
  /** A round as soon as possible (a booking was just put into the outbox). */
  kick(): void;
  /** One round now; resolves when it is done. Throws what failed. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60_000;

/** An error as the log may show it: a database error's message can name a table, never a secret. */
function errorFields(err: unknown) {
  if (!(err instanceof Error)) return { name: 'unknown' };
  return { name: err.name, code: (err as { code?: unknown }).code };
}

export function createLedgerService(settings: LedgerSettings): LedgerService {
  const log = () => getLogger();
  let opening: Promise<Db> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let failures = 0;
  let lastFlush = Date.now();
  let lastPurge = 0;

  function db(): Promise<Db> {
    opening ??= (async () => {
      const opened = await openDb(settings);
      try {
        const applied = await migrate(opened);
        if (applied.length > 0)
          log().info({ event: 'ledger.migrated', versions: applied, db: opened.kind }, 'ledger migrated');
        return opened;
      } catch (err) {
        await opened.close().catch(() => undefined);
        throw err;
      }
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  }

  async function flushVisits(database: Db): Promise<void> {
    const { counts, dropped } = takeVisits();
    if (dropped > 0)
      log().warn(
        { event: 'ledger.visits_dropped', dropped },
        'campaign landings past the bound were not counted',
      );
    try {
      await writeVisits(database, counts);
    } catch (err) {
      restoreVisits(counts);
      throw err;
    }
  }

  async function round(): Promise<void> {
    const database = await db();
    const drained = await drainOutbox(getGateway().store, (row) =>
      writeLedgerRow(database, row, settings.webhook !== null),
    );
    if (drained.failed) throw drained.error;
    if (settings.webhook) await deliverDueWebhooks(database, settings.webhook);
    const now = Date.now();
    if (now - lastFlush >= settings.visitFlushMs) {
      lastFlush = now;
      await flushVisits(database);
    }
    if (now - lastPurge >= DAY_MS) {
      const purged = await purgeOlderThan(database, settings.retentionDays);
      lastPurge = now;
      log().info(
        { event: 'ledger.purged', retentionDays: settings.retentionDays, ...purged },
        'ledger rows past the retention deleted',
      );
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  async function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        await round();
        if (failures > 0)
          log().info({ event: 'ledger.recovered', failures }, 'ledger database reachable again');
        failures = 0;
      } catch (err) {
        failures++;
        // Once per outage at warn, then quietly: the outbox keeps every booking meanwhile.
        const level = failures === 1 ? 'warn' : 'debug';
        log()[level](
          { event: 'ledger.round_failed', failures, err: errorFields(err) },
          'ledger round failed; retried',
        );
      } finally {
        running = undefined;
      }
    })();
    await running;
    const wait = again
      ? 0
      : failures > 0
        ? Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** (failures - 1))
        : settings.pollMs;
    again = false;
    schedule(wait);
  }

  enableVisitCounting(true);
  schedule(0);

  return {
    settings,
    db,
    kick: () => schedule(0),
    async runOnce() {
      await running;
      await round();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      enableVisitCounting(false);
      await running;
      const database = await opening?.catch(() => undefined);
      opening = undefined;
      await database?.close();
    },
  };
}
