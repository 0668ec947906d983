import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingRequest, cookieOf, preRegisterBody, type Stay } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * The landing link's campaign tags through the booking routes against the sandbox: they arrive
 * with pre-register, stay with the hold (also when a re-price from a tab that lost them sends
 * none), and finish in the booking record, the finalize log line and the campaign metrics.
 * Invalid tags are dropped without troubling the guest, and no tag ever reaches the partner.
 */

const { h, nextStay: stay } = setUpBookingHarness({ stays: { count: 3, minDaysAhead: 60 } });

/** Every request the site sends to the sandbox (the partner), as text. */
const partnerRequests: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  const sandboxUrl = h.sandbox.url;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.startsWith(sandboxUrl) && !request.url.includes('/__sandbox/')) {
      const body = request.method === 'GET' ? '' : await request.clone().text();
      partnerRequests.push(
        `${request.method} ${request.url} ${JSON.stringify([...request.headers])} ${body}`,
      );
    }
    return realFetch(request);
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

beforeEach(() => {
  partnerRequests.length = 0;
});

const CAMPAIGN = { utm_source: 'news', utm_campaign: 'spring', cid: 'p42' };

async function hold(s: Stay, extra: Record<string, unknown>, cookie?: string) {
  const res = await h.preRegister(
    bookingRequest('/api/booking/pre-register', { ...preRegisterBody(s), ...extra }, { cookie }),
  );
  expect(res.status).toBe(200);
  return cookieOf(res) ?? cookie;
}

async function book(cookie: string | undefined) {
  const res = await h.finalize(
    bookingRequest(
      '/api/booking/finalize',
      { paymentType: 'Later', acceptTerms: true },
      {
        cookie,
        headers: { 'idempotency-key': crypto.randomUUID() },
      },
    ),
  );
  expect(res.status).toBe(200);
  return cookieOf(res) ?? cookie;
}

async function bookingRecord(cookie: string | undefined) {
  const { sessionFromRequest } = await import('@/lib/session/booking-session');
  const { readDone } = await import('@/lib/booking-flow/records/store');
  const session = await sessionFromRequest(
    new Request('http://site.test/', { headers: { cookie: cookie ?? '' } }),
  );
  return session ? readDone(session.sid) : null;
}

function finalizedLog() {
  const line = h.logs.filter((l) => l.includes('"booking.finalized"')).at(-1);
  return line ? (JSON.parse(line) as Record<string, unknown>) : null;
}

describe('campaign attribution through a booking', () => {
  it('keeps the tags in the booking record, the finalize log line and the campaign metrics, and never sends them to the partner', async () => {
    const s = stay();
    // Re-priced once without tags (a tab that lost them): the hold keeps the tags it was placed with.
    const first = await hold(s, { campaign: CAMPAIGN });
    const repriced = await hold(s, {}, first);
    const finalized = await book(repriced);

    expect((await bookingRecord(finalized))?.campaign).toEqual(CAMPAIGN);
    const log = finalizedLog();
    expect(log?.campaign).toEqual(CAMPAIGN);
    // The log line names the campaign, never the guest.
    expect(JSON.stringify(log)).not.toMatch(/Anna|anna\.vanderberg|020 123 4567/);

    const { renderMetrics } = await import('@/lib/metrics/registry');
    const { body } = await renderMetrics();
    expect(body).toMatch(
      /booking_campaign_bookings_total\{source="news",medium="\(none\)",campaign="spring",cid="p42"\} 1\n/,
    );
    const value =
      /booking_campaign_booked_value_euros_total\{source="news",medium="\(none\)",campaign="spring",cid="p42"\} ([\d.]+)/.exec(
        body,
      );
    expect(Number(value?.[1])).toBeGreaterThan(0);

    expect(partnerRequests.some((r) => r.includes('preRegister') || r.includes('finalize'))).toBe(true);
    for (const request of partnerRequests) {
      expect(request).not.toMatch(/spring|p42|utm_|campaign/);
    }
  });

  it('drops invalid and unknown tags and still books, without a campaign when none is valid', async () => {
    const s = stay();
    const cookie = await hold(s, {
      campaign: { utm_source: 'a"b', utm_medium: 'x'.repeat(65), email: 'anna@example.nl', cid: 7 },
    });
    const finalized = await book(cookie);
    const record = await bookingRecord(finalized);
    expect(record?.reservationCode).toBeTruthy();
    expect(record?.campaign).toBeUndefined();
  });

  it('does not refuse a booking whose campaign field is not an object', async () => {
    const s = stay();
    const cookie = await hold(s, { campaign: 'spring' });
    expect((await bookingRecord(await book(cookie)))?.campaign).toBeUndefined();
  });
});
