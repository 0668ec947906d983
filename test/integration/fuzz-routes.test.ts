import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawRequest, type RawResponse } from './production-site';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';

/**
 * A seeded fuzz run over every route of the production build, started the way production starts
 * it, against the sandbox: pages and JSON routes, every method, hostile paths, query parameters,
 * headers, cookies and bodies. No answer may be a server error, a stack trace or anything the
 * partner wrote. The partner stays healthy and its quota ample, so the one designed 5xx (503 with
 * Retry-After when the partner is unavailable) should not occur either; it is counted, not hidden.
 *
 * FUZZ_SEED replays a run; FUZZ_BUDGET_MS bounds its time (the run stops at whichever comes first:
 * the budget or FUZZ_RUNS batches of BATCH requests sent together).
 */

const hasBuild = hasProductionBuild('fuzz-routes');

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 70_000);
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const BATCH = 8;

const printable = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
const anyText = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength });

/** A path segment: plausible, hostile, or not valid percent-encoding at all. */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1000, max: 1080 }).map(String) },
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1e3', '0x10', '1001.5', '%201001', '9'.repeat(40), '..', '.', 'null', 'undefined', '__proto__'),
  anyText(40).map(encodeURIComponent),
  fc.constantFrom('%ff', '%E0%A4%A', '%', '%2e%2e', '%00', '%2F', '%C0%AE', '%uD800'),
);

const locale = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('en', 'nl', 'de', 'fr') },
  fc.constantFrom('EN', 'xx', 'en-US', 'zz'),
  segment,
);

const date = fc.oneof(
  fc.integer({ min: -30, max: 800 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-30', '2027-13-01', '0000-00-00', '9999-12-31', '2026-1-1', '20260101', ''),
  anyText(20),
);

const number = fc.oneof(
  fc.integer({ min: -2, max: 25 }).map(String),
  fc.constantFrom('1e9', '-0', 'NaN', 'Infinity', '2.5', '0x2', '', '99999999999999999999'),
  anyText(10),
);

const QUERY_KEYS = [
  'startDate', 'endDate', 'adults', 'child0002', 'child0304', 'child0512', 'child1317', 'pets', 'type',
  'sort', 'petsAllowed', 'page', 'step', 'unit', 'prefs', 'svc', 'fund', 'cf', 'changed', 'houseId', 'park', 'url', 'w', 'q',
];

const queryValue = fc.oneof(date, number, anyText(30), fc.constantFrom('1', '0', 'true', 'price-asc', 'guest', 'pay', '201:1', '301,302', '201:2:2027-01-01'));
const query = fc
  .array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...QUERY_KEYS) }, anyText(12)), queryValue), { maxLength: 8 })
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    const text = params.toString();
    return text ? `?${text}` : '';
  });

const path = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('/', '/robots.txt', '/sitemap.xml', '/icons.svg', '/icon.svg', '/api/health', '/api/search') },
  { weight: 3, arbitrary: locale.map((l) => `/${l}`) },
  { weight: 4, arbitrary: locale.map((l) => `/${l}/search`) },
  { weight: 4, arbitrary: fc.tuple(locale, segment).map(([l, id]) => `/${l}/houses/${id}`) },
  { weight: 3, arbitrary: fc.tuple(locale, segment).map(([l, id]) => `/${l}/book/${id}`) },
  fc.tuple(locale, segment).map(([l, s]) => `/${l}/booking/${s}`),
  locale.map((l) => `/${l}/booking/thank-you`),
  { weight: 3, arbitrary: segment.map((id) => `/api/houses/${id}`) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(segment, fc.constantFrom('units', 'optional-services', 'price'))
      .map(([id, sub]) => `/api/houses/${id}/${sub}`),
  },
  { weight: 4, arbitrary: fc.constantFrom('pre-register', 'finalize', 'close').map((step) => `/api/booking/${step}`) },
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/api/${parts.join('/')}`),
  segment.map((s) => `/_next/static/${s}`),
  fc.constantFrom('/_next/image'),
);

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 5, arbitrary: fc.constant('POST') },
  fc.constantFrom('HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
);

const party = fc.record(
  {
    adults: fc.oneof(fc.integer({ min: -1, max: 30 }), anyText(3)),
    child0002: fc.integer({ min: -1, max: 5 }),
    child0304: fc.integer({ min: 0, max: 5 }),
    child0512: fc.integer({ min: 0, max: 5 }),
    child1317: fc.integer({ min: 0, max: 5 }),
    pets: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constant(null)),
  },
  { requiredKeys: [] },
);

/** Bodies shaped like the booking steps' own, with every field open to mutation. */
const bookingBody = fc.oneof(
  fc.record(
    {
      locale: fc.oneof(fc.constantFrom('nl', 'en', 'de', 'fr'), anyText(5)),
      selection: fc.record(
        {
          houseId: fc.oneof(fc.integer({ min: 1000, max: 1080 }), fc.integer(), anyText(6)),
          startDate: date,
          endDate: date,
          party,
          unitId: fc.oneof(fc.integer(), anyText(6)),
          preferenceIds: fc.array(fc.oneof(fc.integer({ min: 300, max: 310 }), anyText(4)), { maxLength: 5 }),
          services: fc.array(fc.record({ id: fc.integer({ min: 200, max: 215 }), quantity: fc.integer({ min: -1, max: 50 }), date }), { maxLength: 4 }),
          cancellationFund: fc.oneof(fc.boolean(), anyText(3)),
        },
        { requiredKeys: [] },
      ),
      guest: fc.dictionary(
        fc.constantFrom('firstName', 'lastName', 'insertion', 'street', 'houseNumber', 'postcode', 'city', 'country', 'email', 'phone', 'mobile', 'language'),
        anyText(60),
      ),
      transactionId: anyText(40),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      paymentType: fc.oneof(fc.constantFrom('Later', 'NowFullAmount', 'NowPartialPayment'), anyText(10)),
      acceptTerms: fc.oneof(fc.boolean(), anyText(3)),
      transactionId: anyText(40),
    },
    { requiredKeys: [] },
  ),
);

const body = fc.oneof(
  { weight: 3, arbitrary: bookingBody.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null') },
  anyText(200),
  fc.constantFrom('', '{', '{"locale":', '[]', 'null', '{"__proto__":{"admin":true}}', `{"a":"${'x'.repeat(20_000)}"}`),
);

/** `arbitrary` in about `percent` of the inputs, else absent. */
const sometimes = <T,>(percent: number, arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(undefined) }, { weight: percent, arbitrary });
/** Mostly the value the site's own pages send, sometimes anything. */
const mostly = <T,>(usual: T, other: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(usual) }, other);

const VALID_ROUTER_STATE = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }, null, null]));

const headers = fc.record({
  cookie: sometimes(
    30,
    fc.oneof(
      printable(120).map((v) => `booking=${v}`),
      printable(60).map((v) => `__Host-booking=${v}; NEXT_LOCALE=${v.slice(0, 5)}`),
      fc.constantFrom('booking=%E0%A4%A', 'booking=', 'booking=a.b.c', 'NEXT_LOCALE=xx', `booking=Fe26.2**${'a'.repeat(300)}`),
    ),
  ),
  'accept-language': sometimes(30, fc.oneof(fc.constantFrom('nl', 'en-GB,en;q=0.9', 'de;q=abc', '*', 'fr-CA'), printable(40))),
  'content-type': sometimes(
    70,
    mostly('application/json', fc.oneof(fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'multipart/form-data; boundary=x'), printable(30))),
  ),
  'sec-fetch-site': sometimes(60, mostly('same-origin', fc.constantFrom('cross-site', 'none', 'same-site'))),
  origin: sometimes(50, mostly('SITE', fc.oneof(fc.constantFrom('null', 'https://evil.example'), printable(30)))),
  'x-booking-client': sometimes(60, mostly('1', printable(5))),
  'idempotency-key': sometimes(40, mostly('UUID', printable(40))),
  'x-forwarded-for': sometimes(10, printable(40)),
  'x-forwarded-host': sometimes(10, fc.oneof(fc.constant('evil.example'), printable(30))),
  'x-forwarded-proto': sometimes(10, fc.constantFrom('https', 'http', 'gopher')),
  rsc: sometimes(10, fc.constant('1')),
  'next-router-prefetch': sometimes(5, fc.constant('1')),
  'next-router-state-tree': sometimes(5, mostly(VALID_ROUTER_STATE, printable(60).map(encodeURIComponent))),
  'x-middleware-subrequest': sometimes(5, fc.constantFrom('middleware', 'proxy:proxy:proxy:proxy:proxy')),
  range: sometimes(5, fc.constantFrom('bytes=0-10', 'bytes=abc')),
  'if-none-match': sometimes(5, printable(20)),
});

const input = fc.record({ method, path, query, headers, body });
type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;

/** A stack frame (`    at fn (file:1:2)`) in an answer would mean an internal error reached the client. */
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

describe.skipIf(!hasBuild)('a fuzz run over every route', () => {
  const { site } = setUpSandboxedSite({
    sandbox: { latencyMs: 0, rateLimitPerMin: 1_000_000 },
    env: (sandbox) => ({ PARTNER_RATE_LIMIT_PER_MIN: '100000', PARTNER_IMAGE_ORIGINS: sandbox.url }),
  });

  function send(one: Input): Promise<RawResponse> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(one.headers)) {
      if (value === undefined) continue;
      headers[name] = value === 'SITE' ? site.url : value === 'UUID' ? randomUUID() : value;
    }
    const withBody = one.method !== 'GET' && one.method !== 'HEAD';
    // Node's client sends OPTIONS and DELETE bodies without framing unless told their length.
    if (withBody) headers['content-length'] = String(Buffer.byteLength(one.body));
    return rawRequest(site.port, `${one.path}${one.query}`, {
      method: one.method,
      headers,
      ...(withBody ? { body: one.body } : {}),
    });
  }

  it('answers the inputs that once made the server fail with a 400 (a NUL in the path, a malformed router state)', async () => {
    for (const [target, headers] of [
      ['/de/book/%00', { 'x-forwarded-proto': 'https' }],
      ['/en/search', { rsc: '1', 'next-router-state-tree': '%27' }],
      ['/api/x', { rsc: '1', 'next-router-state-tree': encodeURIComponent('[1]') }],
    ] as const) {
      const res = await rawRequest(site.port, target, { headers });
      expect(res.status, `${target} ${JSON.stringify(headers)}`).toBe(400);
    }
  });

  it(`answers thousands of seeded inputs (seed ${SEED}) without a 5xx, a stack trace or a partner body`, async () => {
    const started = Date.now();
    let sent = 0;
    const statuses = new Map<number, number>();
    const designed503: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(input, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers = await Promise.all(
          batch.map((one) =>
            send(one).catch((err: unknown) => {
              throw new Error(`${one.method} ${one.path}${one.query} (body ${one.body.length} chars): ${String(err)}`);
            }),
          ),
        );
        answers.forEach((res, i) => {
          const one = batch[i]!;
          const what = `${one.method} ${one.path}${one.query} ${JSON.stringify(one.headers)} → ${res.status}`;
          sent += 1;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 503 && Number(res.headers['retry-after']) >= 1) designed503.push(what);
          else expect(res.status, what).toBeLessThan(500);
          expect(res.body, what).not.toMatch(STACK_FRAME);
          // The sandbox's error body, its keys and its internals never reach a client.
          expect(res.body, what).not.toContain('"status":"error"');
          expect(res.body, what).not.toContain('demo-key');
          expect(res.body, what).not.toContain('node_modules');
        });
      }),
      { seed: SEED, numRuns: FUZZ_RUNS, interruptAfterTimeLimit: BUDGET_MS, endOnFailure: true },
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    console.info(`fuzz-routes: seed ${SEED}, ${sent} requests in ${seconds} s; statuses ${summary}`);
    expect(designed503, 'the partner stayed healthy: no 503 expected').toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(site.output()).not.toMatch(STACK_FRAME);
  }, BUDGET_MS + 60_000);
});
