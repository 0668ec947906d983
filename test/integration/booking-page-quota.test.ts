import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en/booking.json';
import { findStays, sandboxHooks, type Stay } from './booking-harness';
import { isoDay } from './helpers';
import { rawRequest, renderedHeading } from './production-site';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';

/**
 * A guest opens the booking page of a quiet site, moments after other pages took the partner
 * quota's browsing share (on a quiet site with a cold cache, a house page and its price can do
 * that on their own). The site keeps the partner's default limit of 100 calls a minute: a burst
 * of 45 calls, 4 of them kept for bookings, then 1.5 calls a second. The share of one browser is
 * lifted so that one test client can spend the whole browsing share.
 */

const hasBuild = hasProductionBuild('booking-page-quota');

describe.skipIf(!hasBuild)('the booking page when browsing has just spent the partner quota', () => {
  const { sandbox, site } = setUpSandboxedSite({ sandbox: { port: 0, latencyMs: 0, rateLimitPerMin: 100_000 }, env: { PARTNER_CALLS_PER_CLIENT_MIN: '0' } });
  let stay: Stay | undefined;

  beforeAll(async () => {
    // Found from the sandbox itself, so the site's quota is untouched.
    [stay] = await findStays(sandboxHooks(sandbox.url), { count: 1, minDaysAhead: 30 });
  });

  it('waits for the partner quota instead of showing the guest the "busy" notice', async () => {
    if (!stay) throw new Error('the sandbox offers no bookable stay');
    // Searches nobody made before, all at once: they spend the browsing share, and those that
    // cannot get a call within the browsing wait are answered 503.
    const searches = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        rawRequest(
          site.port,
          `/api/search?startDate=${isoDay(40 + i)}&endDate=${isoDay(43 + i)}&adults=2&locale=en`,
        ),
      ),
    );
    expect(searches.filter((r) => r.status === 503).length).toBeGreaterThan(0);

    // The guest presses "book" now: the page's reads need several calls beyond what browsing may
    // take at once.
    const page = await rawRequest(
      site.port,
      `/en/book/${stay.houseId}?startDate=${stay.startDate}&endDate=${stay.endDate}&adults=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(renderedHeading(en.booking.states.busyTitle));
    expect(page.body).toContain(en.booking.nav.toServices);
  }, 60_000);
});
