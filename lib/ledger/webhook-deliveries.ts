import 'server-only';
import type { Db } from './db';
import { getLogger } from '@/lib/log';
import { signWebhook } from './webhook-sign';

/**
 * Sends the webhooks the ledger owes (ledger_webhook_deliveries, written with each booking's
 * row), at least once each. An instance claims one delivery at a time (FOR UPDATE SKIP LOCKED)
 * by moving its next attempt past the request's time limit, so no other instance sends it
 * meanwhile; a process that dies mid-send leaves it to be claimed again after that. A failed
 * attempt waits twice as long as the one before, up to a ceiling; after `maxAttempts` the
 * delivery is given up and the operator told. The secret is never logged, nor the body.
 */

export interface WebhookSettings {
  readonly url: string;
  readonly secret: string;
  /** Attempts before giving up; 12 by default (about a day with the default delays). */
  readonly maxAttempts?: number;
  /** The wait after the first failed attempt; 30 s by default. */
  readonly baseDelayMs?: number;
  /** The longest wait between attempts; 4 h by default. */
  readonly maxDelayMs?: number;
  /** How long a receiver may take to answer; 10 s by default. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export const DEFAULT_MAX_ATTEMPTS = 12;

/** The wait after the `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  webhook_id: string;
  body: string;
  attempts: number;
}

const CLAIM = `UPDATE ledger_webhook_deliveries
  SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1::float8)
  WHERE webhook_id = (
    SELECT webhook_id FROM ledger_webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= now() AND webhook_id <> ALL($2::text[])
    ORDER BY next_attempt_at
    LIMIT 1
    FOR UPDATE SKIP LOCKED)
  RETURNING webhook_id, body, attempts::int AS attempts`;

/** Claims a delivery that is due, other than those this round has tried already. */
async function claim(db: Db, leaseMs: number, tried: readonly string[]): Promise<Claimed | null> {
  const rows = await db.query<Claimed>(CLAIM, [leaseMs / 1000, tried]);
  return rows[0] ?? null;
}

/** Why an attempt failed, for the table and the log: a status or an error's name, nothing more. */
async function send(settings: WebhookSettings, delivery: Claimed, timeoutMs: number): Promise<string | null> {
  const headers = signWebhook(settings.secret, delivery.webhook_id, delivery.body, new Date());
  try {
    const res = await (settings.fetch ?? fetch)(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: delivery.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await res.body?.cancel().catch(() => undefined);
    return res.status >= 200 && res.status < 300 ? null : `status ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.name : 'error';
  }
}

export interface DeliveryRound {
  readonly delivered: number;
  readonly failed: number;
  readonly gaveUp: number;
}

/** Sends the deliveries due now, one claim at a time, each at most once, at most `limit` of them. */
export async function deliverDueWebhooks(
  db: Db,
  settings: WebhookSettings,
  limit = 50,
): Promise<DeliveryRound> {
  const maxAttempts = settings.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const round = { delivered: 0, failed: 0, gaveUp: 0 };
  const tried: string[] = [];
  for (let i = 0; i < limit; i++) {
    const delivery = await claim(db, timeoutMs + 5_000, tried);
    if (delivery === null) break;
    tried.push(delivery.webhook_id);
    const failure = await send(settings, delivery, timeoutMs);
    if (failure === null) {
      await db.query(
        `UPDATE ledger_webhook_deliveries SET status = 'delivered', delivered_at = now(), last_error = NULL
         WHERE webhook_id = $1`,
        [delivery.webhook_id],
      );
      round.delivered++;
    } else if (delivery.attempts >= maxAttempts) {
      await db.query(
        `UPDATE ledger_webhook_deliveries SET status = 'failed', last_error = $2 WHERE webhook_id = $1`,
        [delivery.webhook_id, failure],
      );
      round.gaveUp++;
      getLogger().error(
        {
          event: 'ledger.webhook_gave_up',
          alert: 'operator',
          webhookId: delivery.webhook_id,
          attempts: delivery.attempts,
          lastError: failure,
        },
        'booking webhook given up after its last attempt: the partner did not receive it',
      );
    } else {
      const waitMs = retryDelayMs(
        delivery.attempts,
        settings.baseDelayMs ?? 30_000,
        settings.maxDelayMs ?? 4 * 3_600_000,
      );
      await db.query(
        `UPDATE ledger_webhook_deliveries
         SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::float8)
         WHERE webhook_id = $1`,
        [delivery.webhook_id, failure, waitMs / 1000],
      );
      round.failed++;
      getLogger().warn(
        {
          event: 'ledger.webhook_failed',
          webhookId: delivery.webhook_id,
          attempts: delivery.attempts,
          lastError: failure,
          retryInMs: waitMs,
        },
        'booking webhook attempt failed; it is retried',
      );
    }
  }
  return round;
}
