import 'server-only';
import { getLogger } from '@/lib/log';
import { getGateway } from '@/lib/partner-api/gateway';
import { processSingleton, replaceProcessSingleton } from '@/lib/process-singleton';
import { ledgerRowOf, type FinalizedBooking, type LedgerContext } from './entry';
import { enqueueLedgerRow } from './outbox';
import { queryLedgerReport, type ReportQuery, type ReportRow } from './report';
import { createLedgerService, type LedgerService } from './service';
import { ledgerSettingsFromEnv, type LedgerSettings } from './settings';
import { writeLedgerRow } from './write';

/**
 * The booking ledger (docs/ledger.md): every finalized booking kept once in a database, for the
 * partner's reports and the webhook each booking sends. One service per process, started with
 * the server and at the latest by the first booking; none at all with LEDGER=off.
 */

const SLOT = 'ledger.service';

/** The process's ledger, started on first use; null when the ledger is off. */
export function getLedger(): LedgerService | null {
  const slot = processSingleton<{ service?: LedgerService | null }>(SLOT, () => ({}));
  if (slot.service === undefined) {
    const settings = ledgerSettingsFromEnv();
    slot.service = settings.enabled ? createLedgerService(settings) : null;
  }
  return slot.service;
}

/**
 * Starts the ledger with the server, so the outbox left by others is drained and old rows purged.
 * The embedded database is opened before the site answers requests: opening it holds up the whole
 * process for a moment (seconds the first time, while it creates its files), better at start than
 * in the middle of a guest's request. A Postgres is reached over the network and needs no wait.
 */
export async function startLedger(): Promise<void> {
  const ledger = getLedger();
  if (ledger === null || ledger.settings.databaseUrl) return;
  // A failure is logged by the ledger's own loop, which goes on trying.
  await ledger.db().catch(() => undefined);
}

/**
 * Stops the process's ledger and, with `settings`, starts one with those in its place (tests: a
 * temporary database, short waits). Without, the next use starts one from the environment.
 */
export async function replaceLedger(settings?: Partial<LedgerSettings>): Promise<LedgerService | null> {
  const slot = processSingleton<{ service?: LedgerService | null }>(SLOT, () => ({}));
  await slot.service?.stop();
  replaceProcessSingleton(SLOT, undefined);
  if (settings === undefined) return null;
  const merged = { ...ledgerSettingsFromEnv(), ...settings };
  const service = merged.enabled ? createLedgerService(merged) : null;
  replaceProcessSingleton(SLOT, { service });
  return service;
}

/**
 * Puts a finalized booking into the ledger's outbox, and the ledger to work on it at once. Never
 * throws: the guest's booking is made whatever happens here. When even the outbox cannot take
 * it, the row is written straight to the database; when that fails too, the operator is told.
 */
export async function recordLedgerBooking(
  booking: FinalizedBooking,
  context: LedgerContext = {},
): Promise<void> {
  const ledger = getLedger();
  if (ledger === null) return;
  const row = ledgerRowOf(booking, context);
  try {
    await enqueueLedgerRow(getGateway().store, row);
    ledger.kick();
  } catch {
    try {
      await writeLedgerRow(await ledger.db(), row, ledger.settings.webhook !== null);
    } catch {
      getLogger().error(
        { event: 'ledger.booking_lost', alert: 'operator', reservationCode: row.reservation_code },
        'booking could not be put into the ledger: neither its outbox nor its database took it',
      );
    }
  }
}

/** The report's rows; null when the ledger is off. */
export async function ledgerReport(query: ReportQuery): Promise<ReportRow[] | null> {
  const ledger = getLedger();
  return ledger === null ? null : queryLedgerReport(await ledger.db(), query);
}
