import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { migrate } from './migrations';
import { openPglite } from './pglite-db';
import { createLogger, replaceLogger } from '@/lib/log';
import { deliverDueWebhooks, retryDelayMs } from './webhook-deliveries';
import { signWebhook } from './webhook-sign';

const SECRET = `whsec_${Buffer.from('a-secret-of-thirty-two-bytes-len').toString('base64')}`;

describe('webhook signing', () => {
  it('signs id, timestamp and body so a Standard Webhooks receiver verifies them', () => {
    const body = '{"type":"booking.finalized"}';
    const headers = signWebhook(SECRET, 'booking_R1', body, new Date());
    expect(headers['webhook-id']).toBe('booking_R1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(SECRET).verify(body, { ...headers })).toEqual({ type: 'booking.finalized' });
    // Another body, or another secret, does not verify.
    expect(() => new Webhook(SECRET).verify('{"type":"x"}', { ...headers })).toThrow();
    const other = `whsec_${Buffer.from('another-secret-thirty-two-bytes!').toString('base64')}`;
    expect(() => new Webhook(other).verify(body, { ...headers })).toThrow();
  });

  it('waits twice as long after each failed attempt, up to the ceiling', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(n, 1_000, 10_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });
});

describe('webhook deliveries from the ledger', () => {
  let folder: string;
  let db: Db;
  const logs: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'ledger-webhooks-'));
    db = await openPglite(folder);
    await migrate(db);
    replaceLogger(
      createLogger(
        new Writable({
          write(chunk: Buffer, _enc, cb) {
            logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
            cb();
          },
        }),
      ),
    );
  });
  afterAll(async () => {
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    logs.length = 0;
    await db.query('DELETE FROM ledger_webhook_deliveries');
  });

  async function owe(id: string, body: string) {
    await db.query(
      'INSERT INTO ledger_webhook_deliveries (webhook_id, reservation_code, body) VALUES ($1, $2, $3)',
      [id, id.replace('booking_', ''), body],
    );
  }
  const status = async (id: string) =>
    (
      await db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM ledger_webhook_deliveries WHERE webhook_id = $1',
        [id],
      )
    )[0];

  /** A receiver that answers `codes` in turn (the last one from then on), keeping what it got. */
  function receiver(codes: number[]) {
    const got: { headers: Record<string, string>; body: string }[] = [];
    const fake: typeof fetch = async (_url, init) => {
      got.push({ headers: Object.fromEntries(new Headers(init?.headers)), body: String(init?.body) });
      return new Response(null, { status: codes[Math.min(got.length - 1, codes.length - 1)] });
    };
    return { got, fetch: fake };
  }

  it('retries after a failed attempt with the same id and body, and stops once delivered', async () => {
    await owe('booking_R1', '{"n":1}');
    const r = receiver([503, 200]);
    const settings = {
      url: 'http://receiver.test/hook',
      secret: SECRET,
      baseDelayMs: 60_000,
      fetch: r.fetch,
    };

    expect(await deliverDueWebhooks(db, settings)).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    // Not yet due again: the retry waits the base delay.
    expect(await deliverDueWebhooks(db, settings)).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    const [wait] = await db.query<{ seconds: number }>(
      `SELECT extract(epoch FROM next_attempt_at - now())::float8 AS seconds FROM ledger_webhook_deliveries`,
    );
    expect(wait!.seconds).toBeGreaterThan(50);
    expect(wait!.seconds).toBeLessThanOrEqual(60);
    await db.query('UPDATE ledger_webhook_deliveries SET next_attempt_at = now()'); // the wait is over
    expect(await deliverDueWebhooks(db, settings)).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    await db.query('UPDATE ledger_webhook_deliveries SET next_attempt_at = now()');
    expect(await deliverDueWebhooks(db, settings)).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });

    expect(r.got).toHaveLength(2);
    for (const attempt of r.got) {
      expect(attempt.body).toBe('{"n":1}');
      expect(attempt.headers['webhook-id']).toBe('booking_R1');
      expect(new Webhook(SECRET).verify(attempt.body, attempt.headers)).toEqual({ n: 1 });
    }
    expect(await status('booking_R1')).toEqual({ status: 'delivered', attempts: 2 });
  });

  it('gives up after the last attempt and tells the operator, without the secret', async () => {
    await owe('booking_R2', '{"n":2}');
    const r = receiver([500]);
    const settings = {
      url: 'http://receiver.test/hook',
      secret: SECRET,
      maxAttempts: 3,
      fetch: r.fetch,
    };
    for (let i = 0; i < 6; i++) {
      await deliverDueWebhooks(db, settings);
      await db.query('UPDATE ledger_webhook_deliveries SET next_attempt_at = now()'); // each wait is over
    }
    expect(r.got).toHaveLength(3);
    expect(await status('booking_R2')).toEqual({ status: 'failed', attempts: 3 });
    const gaveUp = logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'ledger.webhook_gave_up');
    expect(gaveUp).toEqual([
      expect.objectContaining({ webhookId: 'booking_R2', attempts: 3, alert: 'operator' }),
    ]);
    expect(logs.join('\n')).not.toContain(SECRET.slice(6));
  });

  it('lets one of two instances claim a delivery, never both', async () => {
    await owe('booking_R3', '{"n":3}');
    const r = receiver([200]);
    const settings = { url: 'http://receiver.test/hook', secret: SECRET, fetch: r.fetch };
    const rounds = await Promise.all([deliverDueWebhooks(db, settings), deliverDueWebhooks(db, settings)]);
    expect(rounds.reduce((sum, round) => sum + round.delivered, 0)).toBe(1);
    expect(r.got).toHaveLength(1);
  });
});
