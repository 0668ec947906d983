/**
 * What the ledger suites share (ledger-pglite.test.ts, ledger-postgres.test.ts): a webhook
 * receiver that verifies every delivery the Standard Webhooks way, a booking with campaign tags
 * through the booking routes, and the ledger started on the suite's own database with short
 * waits. Both suites run the same checks, one on the embedded database, one on a real Postgres.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import type { LedgerSettings } from '@/lib/ledger/settings';
import { bookingRequest, cookieOf, preRegisterBody, type Harness, type Stay } from './booking-harness';

export const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
export const REPORT_TOKEN = randomBytes(24).toString('hex');

export interface Delivery {
  readonly status: number;
  readonly id: string;
  readonly verified: boolean;
  readonly payload: { type?: string; data?: Record<string, unknown> } | null;
}

export interface Receiver {
  readonly url: string;
  readonly deliveries: Delivery[];
  /** The answers to give in turn; the last one from then on. */
  answer(codes: number[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  let codes = [200];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: Delivery['payload'] = null;
      try {
        payload = new Webhook(WEBHOOK_SECRET).verify(body, {
          'webhook-id': String(req.headers['webhook-id']),
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        }) as Delivery['payload'];
      } catch {
        payload = null;
      }
      const status = codes[Math.min(deliveries.length, codes.length - 1)]!;
      deliveries.push({ status, id: String(req.headers['webhook-id']), verified: payload !== null, payload });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/booking`,
    deliveries,
    answer(next) {
      codes = next;
      deliveries.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The ledger on the suite's database, looking at its work every few milliseconds. */
export function testLedgerSettings(
  target: { databaseUrl?: string; dir?: string },
  receiver: Receiver,
): Partial<LedgerSettings> {
  return {
    enabled: true,
    dir: target.dir ?? '',
    databaseUrl: target.databaseUrl,
    reportToken: REPORT_TOKEN,
    webhook: { url: receiver.url, secret: WEBHOOK_SECRET, baseDelayMs: 50, maxDelayMs: 200 },
    pollMs: 50,
    retryBaseMs: 50,
    retryMaxMs: 200,
    visitFlushMs: 0,
  };
}

/** Holds and books `stay` with the landing link's campaign tags; the booking's reservation code. */
export async function bookWithCampaign(
  h: Harness,
  stay: Stay,
  campaign: Record<string, string>,
): Promise<string> {
  const held = await h.preRegister(
    bookingRequest('/api/booking/pre-register', { ...preRegisterBody(stay), campaign }),
  );
  expect(held.status, `${await held.clone().text()} ${h.logs.slice(-5).join('\n')}`).toBe(200);
  const finalizeRequest = () =>
    bookingRequest(
      '/api/booking/finalize',
      { paymentType: 'Later', acceptTerms: true },
      { cookie: cookieOf(held), headers: { 'idempotency-key': key } },
    );
  const key = crypto.randomUUID();
  const finalized = await h.finalize(finalizeRequest());
  expect(finalized.status, await finalized.clone().text()).toBe(200);
  // The client's retry of the same finalize is answered from the record: no second booking.
  expect((await h.finalize(finalizeRequest())).status).toBe(200);
  const { sessionFromRequest } = await import('@/lib/session/booking-session');
  const { readDone } = await import('@/lib/booking-flow/records/store');
  const session = await sessionFromRequest(
    new Request('http://site.test/', { headers: { cookie: cookieOf(finalized) ?? '' } }),
  );
  const code = session ? (await readDone(session.sid))?.reservationCode : undefined;
  expect(code).toBeTruthy();
  return code!;
}

/** Resolves once `check` returns a value other than undefined; fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The report as the partner downloads it. */
export async function downloadReport(query: string, token = REPORT_TOKEN): Promise<Response> {
  const { GET } = await import('@/app/api/partners/report.csv/route');
  return GET(
    new Request(`http://127.0.0.1:3100/api/partners/report.csv?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
}

/** The guest of the harness's bookings, as it must never appear in the ledger or a webhook. */
export const GUEST_TRACES = /Anna|Berg|anna\.vanderberg|020 123 4567|06 12345678|Hoofdstraat|1234 AB/;

/** The ledger's rows of one booking, as plain values. */
export async function ledgerRows(code: string): Promise<Record<string, unknown>[]> {
  const { getLedger } = await import('@/lib/ledger/ledger');
  const db = await getLedger()!.db();
  return db.query(
    `SELECT reservation_code, house_id, house_name, to_char(arrival, 'YYYY-MM-DD') AS arrival,
       adults, children, pets, total_amount::float8 AS total_amount, payment_type, status,
       utm_source, utm_medium, utm_campaign, cid, language
     FROM ledger_bookings WHERE reservation_code = $1`,
    [code],
  );
}

/**
 * Landings with the campaign's link, then a booking with its tags while the webhook receiver
 * answers 503 first: the booking is in the ledger once, in the report with its landings, and
 * delivered once more after the refused attempt, each attempt signed, with nothing of the guest.
 */
export async function expectBookingOnceEverywhere(h: Harness, stay: Stay, receiver: Receiver): Promise<void> {
  const { getLedger } = await import('@/lib/ledger/ledger');
  const { countCampaignVisit } = await import('@/lib/ledger/visits');
  const campaign = {
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: `may-${randomBytes(3).toString('hex')}`,
    cid: 'p42',
  };
  const landing = `/nl?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign.utm_campaign}&cid=p42`;
  for (let i = 0; i < 4; i++) countCampaignVisit({ method: 'GET', url: landing, userAgent: 'Mozilla/5.0' });
  countCampaignVisit({ method: 'GET', url: landing, userAgent: 'Googlebot/2.1' });
  receiver.answer([503, 200]);

  const code = await bookWithCampaign(h, stay, campaign);
  await eventually(async () => receiver.deliveries.find((d) => d.status === 200));
  await getLedger()!.runOnce();
  await new Promise((resolve) => setTimeout(resolve, 300)); // more rounds: nothing is sent again

  const rows = await ledgerRows(code);
  expect(rows).toEqual([
    expect.objectContaining({
      reservation_code: code,
      house_id: stay.houseId,
      arrival: stay.startDate,
      adults: 2,
      children: 0,
      pets: 0,
      payment_type: 'Later',
      status: 'confirmed',
      ...campaign,
      language: 'nl',
    }),
  ]);
  expect(Number(rows[0]!.total_amount)).toBeGreaterThan(0);
  expect(receiver.deliveries.map((d) => [d.status, d.id, d.verified])).toEqual([
    [503, `booking_${code}`, true],
    [200, `booking_${code}`, true],
  ]);
  const payload = receiver.deliveries[1]!.payload!;
  expect(payload.type).toBe('booking.finalized');
  expect(payload.data).toMatchObject({ reservation_code: code, ...campaign });
  expect(JSON.stringify([rows, payload])).not.toMatch(GUEST_TRACES);

  const today = new Date().toISOString().slice(0, 10);
  const csv = await downloadReport(`from=${today}&to=${today}`);
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  const lines = (await csv.text()).split('\r\n').filter((line) => line.includes(campaign.utm_campaign));
  expect(lines).toHaveLength(1);
  const [, , , , , visits, bookings, value, conversion] = lines[0]!.split(',');
  expect([visits, bookings, conversion]).toEqual(['4', '1', '0.2500']);
  expect(Number(value)).toBe(Number(rows[0]!.total_amount));
}
