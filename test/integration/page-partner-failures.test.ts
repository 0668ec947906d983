import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en/common.json';
import enBooking from '../../messages/en/booking.json';
import nl from '../../messages/nl/common.json';
import { isoDay } from './helpers';
import { rawRequest, renderedHeading, startProductionSite, type ProductionSite } from './production-site';
import { hasProductionBuild } from './suite-fixtures';

/**
 * Every way the partner can fail, met by the search, house and compare pages of the production build:
 * a loopback server plays the partner and answers every call with the fault under test. Each
 * page must answer with its designed state, the localized "busy, try again" notice in the HTML
 * itself (so it reads without JavaScript), as a 503 with Retry-After, and never with anything
 * the partner sent. The one exception is a house the partner does not know: the not-found page
 * (and a compare page naming only such houses).
 */

const hasBuild = hasProductionBuild('page-partner-failures');

const MARKER = `hostile-${randomBytes(6).toString('hex')}`;
/** The notice speaks of load only when it was load; any other failure is told as one. */
const TITLES = {
  load: { en: en.busy.title, nl: nl.busy.title },
  fault: { en: en.busy.faultTitle, nl: nl.busy.faultTitle },
} as const;
type Cause = keyof typeof TITLES;

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

function answer(status: number, body: string, headers: Record<string, string> = {}): Behaviour {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
}

const errorBody = (status: number) => JSON.stringify({ status: 'error', code: status, message: `${MARKER} failed` });

/** Faults, in the order they run: the 429 last, since it pauses every partner call for a while. */
const FAULTS: [string, Behaviour, Cause][] = [
  ['JSON of the wrong shape', answer(200, JSON.stringify([MARKER, { houseId: MARKER }])), 'fault'],
  ['malformed JSON', answer(200, `{"houseList":[{"name":"${MARKER}"`), 'fault'],
  ['an HTML page under 200', answer(200, `<html><body>${MARKER}</body></html>`, { 'content-type': 'text/html' }), 'fault'],
  ['valid JSON under a wrong content type', answer(200, '{"houseList":[],"houseCount":0}', { 'content-type': 'text/plain' }), 'fault'],
  ['a redirect', answer(302, errorBody(302), { location: `http://127.0.0.1:9/${MARKER}` }), 'fault'],
  ['401 (our key refused)', answer(401, errorBody(401)), 'fault'],
  ['403', answer(403, errorBody(403)), 'fault'],
  ['500', answer(500, errorBody(500)), 'fault'],
  ['502', answer(502, `<html>${MARKER} bad gateway</html>`, { 'content-type': 'text/html' }), 'fault'],
  ['503 with Retry-After', answer(503, errorBody(503), { 'retry-after': '7' }), 'load'],
  ['a connection reset', (_req, res) => res.socket?.destroy(), 'load'],
  ['no answer at all', () => undefined, 'load'],
  ['429 without Retry-After', answer(429, JSON.stringify({ status: 'error', message: 'Rate limit exceeded', code: 429 })), 'load'],
];

describe.skipIf(!hasBuild)('pages when the partner fails', () => {
  let partner: Server;
  let behave: Behaviour = answer(200, '{}');
  let site: ProductionSite;
  let run = 0;

  beforeAll(async () => {
    partner = createServer((req, res) => {
      req.resume();
      behave(req, res);
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    const { port } = partner.address() as AddressInfo;
    site = await startProductionSite({
      PARTNER_API_URL: `http://127.0.0.1:${port}`,
      PARTNER_API_KEY: `key-${MARKER}`,
      PARTNER_ID: `partner-${MARKER}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PARTNER_RATE_LIMIT_PER_MIN: '100000',
      // Every page load reaches the partner: no cache to serve from, a circuit that stays closed.
      PARTNER_CACHE: 'off',
      PARTNER_BREAKER_FAILURES: '1000',
      PARTNER_TIMEOUT_MS: '700',
      PARTNER_DEADLINE_MS: '1500',
    });
  }, 90_000);

  afterAll(async () => {
    await site?.stop();
    partner?.closeAllConnections();
    await new Promise<void>((resolve) => partner?.close(() => resolve()));
    expect(site?.output() ?? '').not.toContain(MARKER);
  });

  /** A page address not asked before, so nothing about it can come from anywhere but the partner. */
  const pages = (locale: 'en' | 'nl') => {
    run += 1;
    return {
      search: `/${locale}/search?adults=${(run % 8) + 1}&children=0&page=${run}`,
      house: `/${locale}/houses/${1000 + run}?adults=${(run % 8) + 1}`,
      compare: `/${locale}/compare?houses=${1000 + run},${2000 + run}&adults=${(run % 8) + 1}`,
    };
  };

  function expectDesignedNotice(
    res: { status: number; headers: Record<string, unknown>; body: string },
    locale: 'en' | 'nl',
    cause: Cause,
  ): void {
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<html lang="${locale}"`);
    // The notice is in the server's HTML, not only in the data for the browser's scripts.
    expect(res.body).toMatch(new RegExp(`<h[12][^>]*id="busy-heading"[^>]*>${TITLES[cause][locale]}</h[12]>`));
    expect(res.body).not.toContain(MARKER);
    expect(res.body).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  }

  it('keeps a client-side navigation (an RSC request) at 200 with the notice, so the router does not load the page twice', async () => {
    behave = answer(500, errorBody(500));
    const { search } = pages('en');
    const headers = { rsc: '1' };
    let res = await rawRequest(site.port, search, { headers });
    // Next.js first sends an RSC request to the same address with its cache-busting parameter.
    if (res.status === 307 && typeof res.headers.location === 'string') {
      const next = new URL(res.headers.location, site.url);
      res = await rawRequest(site.port, `${next.pathname}${next.search}`, { headers });
    }
    expect(res.status).toBe(200);
    expect(res.body).toContain(TITLES.fault.en);
    expect(res.body).not.toContain(MARKER);
  });

  it('answers a house the partner does not know with the not-found page, and a search it answers 404 with the notice', async () => {
    behave = answer(404, errorBody(404));
    const { search, house, compare } = pages('nl');
    for (const target of [house, compare]) {
      const notFound = await rawRequest(site.port, target);
      expect(notFound.status, target).toBe(404);
      expect(notFound.body).not.toContain(MARKER);
    }
    expectDesignedNotice(await rawRequest(site.port, search), 'nl', 'fault');
  });

  it('the booking page tells an answer it cannot use as a fault, and a busy partner as busy', async () => {
    const cases: [Behaviour, string, string][] = [
      [answer(500, errorBody(500)), en.busy.faultTitle, enBooking.booking.states.busyTitle],
      [answer(503, errorBody(503), { 'retry-after': '7' }), enBooking.booking.states.busyTitle, en.busy.faultTitle],
    ];
    for (const [behaviour, shown, notShown] of cases) {
      behave = behaviour;
      run += 1;
      const res = await rawRequest(
        site.port,
        `/en/book/${1000 + run}?startDate=${isoDay(30 + run)}&endDate=${isoDay(33 + run)}&adults=2`,
      );
      expect(res.body).toMatch(renderedHeading(shown));
      expect(res.body).not.toMatch(renderedHeading(notShown));
      expect(res.body).not.toContain(MARKER);
    }
  }, 60_000);

  for (const [name, behaviour, cause] of FAULTS) {
    it(`search, house and compare pages answer ${name} with the localized notice told as ${cause}, 503 and Retry-After (en, nl)`, async () => {
      behave = behaviour;
      for (const locale of ['en', 'nl'] as const) {
        const { search, house, compare } = pages(locale);
        for (const target of [search, house, compare]) {
          const res = await rawRequest(site.port, target, { headers: { 'accept-language': locale } });
          expectDesignedNotice(res, locale, cause);
        }
      }
    }, 60_000);
  }
});
