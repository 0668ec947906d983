import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/locales';
import { SITE, bookingRequest, cookieOf, preRegisterBody } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * The thankYouPageUrl the partner receives is SITE_URL + the fixed path, whatever Host,
 * X-Forwarded-Host, Forwarded, query or body the request carries: the partner sends the guest
 * there after payment, so a forged host would make it an open redirect. Read back from the
 * sandbox's payment page, which redirects to exactly the URL it was given.
 */

const RUNS = 8;
const { h, stays } = setUpBookingHarness({ stays: { count: RUNS + 1, minDaysAhead: 50 }, resetEachTest: false });

const hostile = fc.constantFrom(
  'evil.example',
  'evil.example:443',
  '127.0.0.1:3100@evil.example',
  'book.example.nl.evil.example',
  '//evil.example',
  'javascript:alert(1)',
  'localhost',
);
const anyHost = fc.oneof(hostile, fc.domain());

describe('thankYouPageUrl', () => {
  it('is built from SITE_URL only: Host, X-Forwarded-Host, Forwarded and query values change nothing', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        anyHost,
        anyHost,
        fc.webUrl(),
        fc.constantFrom(...LOCALES),
        async (host, forwardedHost, query, locale) => {
          const stay = stays[run++]!;
          await h.resetSite();
          const held = await h.preRegister(
            bookingRequest('/api/booking/pre-register', preRegisterBody(stay, {}, locale)),
          );
          expect(held.status).toBe(200);
          const req = bookingRequest(
            '/api/booking/finalize',
            { paymentType: 'NowFullAmount', acceptTerms: true },
            {
              cookie: cookieOf(held),
              url: `${SITE}/api/booking/finalize?thankYouPageUrl=${encodeURIComponent(query)}&returnTo=${encodeURIComponent(query)}`,
              headers: {
                'idempotency-key': crypto.randomUUID(),
                host,
                'x-forwarded-host': forwardedHost,
                'x-forwarded-proto': 'https',
                forwarded: `host=${forwardedHost};proto=https`,
                origin: `https://${host}`,
                referer: query,
              },
            },
          );
          const res = await h.finalize(req);
          expect(res.status).toBe(200);
          const { next } = (await res.json()) as { next: string };
          // The payment page sends the guest on to the URL the partner was given.
          const paid = await fetch(next, { method: 'POST', redirect: 'manual' });
          expect(paid.status).toBe(302);
          const thankYou = new URL(paid.headers.get('location')!);
          expect(thankYou.origin).toBe(SITE);
          expect(thankYou.pathname).toBe(`/${locale}/booking/thank-you`);
          // Nothing rides along: the page reads the booking from the session, not from the URL.
          expect([...thankYou.searchParams.keys()]).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses a thankYouPageUrl in the body (strict schema) before any partner call', async () => {
    await h.resetSite();
    const stay = stays[RUNS]!;
    const held = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(stay)));
    const before = (await h.hooks.stats()).calls.byOperation.finalizeReservation;
    const res = await h.finalize(
      bookingRequest(
        '/api/booking/finalize',
        { paymentType: 'Later', acceptTerms: true, thankYouPageUrl: 'https://evil.example/' },
        { cookie: cookieOf(held), headers: { 'idempotency-key': crypto.randomUUID() } },
      ),
    );
    expect(res.status).toBe(400);
    expect((await h.hooks.stats()).calls.byOperation.finalizeReservation).toBe(before);
  });
});
