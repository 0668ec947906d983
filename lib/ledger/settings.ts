import 'server-only';
import { getSiteEnv } from '@/lib/env';
import type { WebhookSettings } from './webhook-deliveries';

/** The ledger's settings (docs/ledger.md), from the site's environment. */
export interface LedgerSettings {
  readonly enabled: boolean;
  readonly dir: string;
  readonly databaseUrl?: string | undefined;
  readonly retentionDays: number;
  readonly webhook: WebhookSettings | null;
  readonly reportToken?: string | undefined;
  /** How often the outbox, the deliveries and the visit counts are looked at; 5 s by default. */
  readonly pollMs: number;
  /** The wait after a failed database write, doubled each time up to `retryMaxMs`. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** How often landings counted in memory are added to the database; a minute by default. */
  readonly visitFlushMs: number;
}

export function ledgerSettingsFromEnv(): LedgerSettings {
  const env = getSiteEnv();
  return {
    enabled: env.LEDGER === 'on',
    dir: env.LEDGER_DIR,
    databaseUrl: env.DATABASE_URL,
    retentionDays: env.LEDGER_RETENTION_DAYS,
    webhook:
      env.PARTNER_WEBHOOK_URL && env.PARTNER_WEBHOOK_SECRET
        ? { url: env.PARTNER_WEBHOOK_URL, secret: env.PARTNER_WEBHOOK_SECRET }
        : null,
    reportToken: env.PARTNER_REPORT_TOKEN,
    pollMs: 5_000,
    retryBaseMs: 1_000,
    retryMaxMs: 60_000,
    visitFlushMs: 60_000,
  };
}
