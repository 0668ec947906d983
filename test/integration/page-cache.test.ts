import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, nonceAttributes } from '../../server/page-store/shareable';
import { baselineSecurityHeaders } from '../../lib/security-headers';
import { rawRequest, type RawResponse } from './production-site';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';
import { isoDay } from './helpers';

/**
 * The page store of the production build (server/page-store): shareable pages are served again with
 * the same bytes while their partner answers are fresh, under a hash policy that never carries a
 * nonce; booking pages keep a fresh nonce each time and are never stored; a guest with a booking
 * session never gets or adds a stored page; RSC and HTML answers never cross.
 */

const hasBuild = hasProductionBuild('page-cache');

const SEARCH = '/en/search?adults=2';

function header(res: RawResponse, name: string): string {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function scriptSrc(res: RawResponse): string {
  return /script-src [^;]*/.exec(header(res, 'content-security-policy'))?.[0] ?? '';
}

/** The names of the sandbox's parks, as the partner gives them in English. */
async function parkNames(sandboxUrl: string): Promise<string[]> {
  const res = await fetch(`${sandboxUrl}/bungalow/api/v1/booking/parkData`, {
    headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', language: 'EN' },
  });
  const parks = (await res.json()) as { name?: string }[];
  return parks.flatMap((park) => (park.name ? [park.name] : []));
}

function mentions(body: string, names: string[]): number {
  return names.reduce((count, name) => count + body.split(name).length - 1, 0);
}

/**
 * Asks until the site answers the page from its store (the first renders fill the partner cache);
 * `target` may give each ask an address of its own.
 */
async function untilStored(port: number, target: string | ((ask: number) => string)): Promise<RawResponse> {
  for (let i = 0; i < 10; i++) {
    const res = await rawRequest(port, typeof target === 'string' ? target : target(i));
    if (header(res, 'x-page-cache') === 'hit') return res;
  }
  throw new Error(`${typeof target === 'string' ? target : target(0)} was never served from the page store`);
}

const OPERATOR_TOKEN = 'page-cache-operator-token-0123456789abcdef';

describe.skipIf(!hasBuild)('page store of the production build', () => {
  const { sandbox, site } = setUpSandboxedSite({
    env: { PARTNER_RATE_LIMIT_PER_MIN: '5000', HEALTH_TOKEN: OPERATOR_TOKEN },
  });

  /** Answers the site rendered so far (stored, sent once, or for a booking session): no hits. */
  async function renders(): Promise<number> {
    const res = await fetch(`${site.url}/api/metrics`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    let count = 0;
    for (const line of (await res.text()).split('\n')) {
      const match = /^page_cache_requests_total\{result="(stored|rendered|session)"\} (\d+)/.exec(line);
      if (match) count += Number(match[2]);
    }
    return count;
  }

  it('renders a campaign link once whatever click ids its visitors carry, and stores it without them', async () => {
    const landings = [
      `/en/search?startDate=${isoDay(80)}&endDate=${isoDay(83)}&adults=2&utm_source=news&utm_medium=email`,
      '/en/houses/1001?adults=2&utm_source=ads&utm_medium=cpc&utm_campaign=spring',
      `/api/search?startDate=${isoDay(80)}&endDate=${isoDay(83)}&adults=2&locale=en&utm_source=news`,
    ];
    for (const landing of landings) {
      // Every visitor brings a click id of their own, from the first ask on.
      const stored = await untilStored(site.port, (ask) => `${landing}&gclid=warm-${ask}`);
      const before = await renders();
      const clicks = [
        await rawRequest(site.port, `${landing}&gclid=click-one`),
        await rawRequest(site.port, `${landing}&fbclid=click-two&foo=bar`),
      ];
      expect(await renders(), landing).toBe(before);
      for (const click of clicks) {
        expect(header(click, 'x-page-cache'), landing).toBe('hit');
        expect(click.body).toBe(stored.body);
      }
      // No click id, tag value or unknown parameter of any visitor; the page names the tags it keeps.
      expect(stored.body, landing).not.toMatch(/warm-|click-|gclid|fbclid|utm_\w+=|foo=/);
    }
  });

  it('names a canonical address without click ids or campaign tags', async () => {
    const landing = `/en/search?startDate=${isoDay(84)}&endDate=${isoDay(86)}&adults=2&utm_source=news&gclid=abc`;
    const page = await rawRequest(site.port, landing);
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(page.body)?.[1];
    expect(canonical).toContain(`startDate=${isoDay(84)}`);
    expect(canonical).not.toMatch(/utm_|gclid/);
  });

  it('serves a cached deep link again with the same bytes, without rendering it', async () => {
    const stored = await untilStored(site.port, SEARCH);
    const again = await rawRequest(site.port, SEARCH);
    expect(header(again, 'x-page-cache')).toBe('hit');
    expect(again.status).toBe(200);
    expect(again.body).toBe(stored.body);
    expect(header(again, 'content-type')).toMatch(/^text\/html/);
    // A shared cache may keep it, no longer than the search answer stays fresh (60 s).
    const maxAge = Number(/s-maxage=(\d+)/.exec(header(again, 'cache-control'))?.[1]);
    expect(header(again, 'cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);
    expect(header(again, 'vary').toLowerCase()).toContain('rsc');
    expect(header(again, 'vary').toLowerCase()).toContain('accept-encoding');
  });

  it('answers a guest or shared cache that holds the stored page with 304 and no bytes, and a booking page never', async () => {
    const stored = await untilStored(site.port, SEARCH);
    const tag = header(stored, 'etag');
    expect(tag).toMatch(/^W\/"/);
    const same = await rawRequest(site.port, SEARCH, { headers: { 'if-none-match': tag } });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    expect(header(same, 'etag')).toBe(tag);
    expect(header(same, 'cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    // Another deep link is another page with another tag.
    const other = await untilStored(site.port, '/en/search?adults=3');
    expect(header(other, 'etag')).not.toBe(tag);
    // A booking page is rendered for each guest: no tag, and a tag asked for gets the whole page.
    const booking = await rawRequest(
      site.port,
      `/en/book/1001?startDate=${isoDay(60)}&endDate=${isoDay(63)}`,
      {
        headers: { 'if-none-match': '*' },
      },
    );
    expect(booking.status).toBe(200);
    expect(header(booking, 'etag')).toBe('');
  });

  it('serves shareable pages with no nonce and the hash of every inline script in a strict policy', async () => {
    const res = await untilStored(site.port, SEARCH);
    const hashes = inlineScriptHashes(res.body);
    expect(hashes.length).toBeGreaterThan(0);
    expect(nonceAttributes(res.body)).toEqual([]);
    const scripts = scriptSrc(res);
    expect(scripts).not.toMatch(/nonce-|unsafe-inline|strict-dynamic/);
    for (const hash of hashes) expect(scripts).toContain(`'${hash}'`);
    for (const target of ['/nl', '/de/houses/1001']) {
      const page = await untilStored(site.port, target);
      expect(nonceAttributes(page.body)).toEqual([]);
      for (const hash of inlineScriptHashes(page.body)) expect(scriptSrc(page)).toContain(`'${hash}'`);
    }
  });

  it('never sends a nonce twice: booking pages get a new one each time, in header and markup', async () => {
    const target = `/en/book/1001?startDate=${isoDay(60)}&endDate=${isoDay(63)}&adults=2`;
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await rawRequest(site.port, target);
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc(res))?.[1];
      expect(nonce).toBeDefined();
      expect(seen.has(nonce!)).toBe(false);
      seen.add(nonce!);
      expect(new Set(nonceAttributes(res.body))).toEqual(new Set([nonce]));
      expect(header(res, 'x-page-cache')).toBe('');
      expect(header(res, 'cache-control')).toMatch(/private/);
      expect(header(res, 'cache-control')).toMatch(/no-store/);
      expect(scriptSrc(res)).not.toContain('unsafe-inline');
    }
  });

  it('never stores or shares booking and thank-you pages', async () => {
    for (const target of [
      `/en/book/1001?startDate=${isoDay(60)}&endDate=${isoDay(63)}&adults=2`,
      '/en/booking/thank-you',
    ]) {
      for (let i = 0; i < 2; i++) {
        const res = await rawRequest(site.port, target);
        expect(header(res, 'x-page-cache'), target).toBe('');
        expect(header(res, 'cache-control'), target).toMatch(/private.*no-store|no-store.*private/);
      }
    }
  });

  it('never serves a stored page to a guest with a booking session, nor stores theirs', async () => {
    const stored = await untilStored(site.port, SEARCH);
    for (const cookie of ['booking=anything', 'theme=dark; __Host-booking=anything']) {
      const res = await rawRequest(site.port, SEARCH, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(header(res, 'x-page-cache')).toBe('miss');
      expect(header(res, 'cache-control')).toBe('private, no-store');
      expect(nonceAttributes(res.body)).toEqual([]);
    }
    // The anonymous page is the one stored before, untouched by the session's render.
    const after = await rawRequest(site.port, SEARCH);
    expect(header(after, 'x-page-cache')).toBe('hit');
    expect(after.body).toBe(stored.body);
  });

  it('never answers a client-side navigation with the stored HTML, nor a page request with RSC', async () => {
    await untilStored(site.port, SEARCH);
    // Next.js first sends an RSC request without its cache-busting parameter to the address with it.
    let rsc = await rawRequest(site.port, SEARCH, { headers: { rsc: '1' } });
    if (rsc.status === 307)
      rsc = await rawRequest(site.port, header(rsc, 'location'), { headers: { rsc: '1' } });
    expect(rsc.status).toBe(200);
    expect(header(rsc, 'content-type')).toMatch(/^text\/x-component/);
    expect(header(rsc, 'x-page-cache')).toBe('');
    expect(rsc.body).not.toMatch(/^<!DOCTYPE/i);
    expect(header(rsc, 'cache-control')).not.toMatch(/public/);
    const page = await rawRequest(site.port, SEARCH);
    expect(header(page, 'content-type')).toMatch(/^text\/html/);
    expect(page.body).toMatch(/^<!DOCTYPE html>/i);
  });

  it('serves a cached search API answer from the store as the same JSON, with the route cache header', async () => {
    const target = `/api/search?adults=2&startDate=${isoDay(70)}&endDate=${isoDay(73)}&locale=en`;
    const stored = await untilStored(site.port, target);
    expect(header(stored, 'content-type')).toMatch(/^application\/json/);
    expect(header(stored, 'cache-control')).toBe('private, max-age=30');
    const body = JSON.parse(stored.body) as { houses?: unknown[]; stale?: boolean };
    expect(body.stale).toBe(false);
    expect(body.houses?.length).toBeGreaterThan(0);
    // With a booking session the route answers itself.
    const withSession = await rawRequest(site.port, target, { headers: { cookie: 'booking=x' } });
    expect(header(withSession, 'x-page-cache')).toBe('miss');
    expect(withSession.body).toBe(stored.body);
  });

  it('answers from the store with every security header a rendered answer carries, each once', async () => {
    const api = `/api/search?adults=2&startDate=${isoDay(74)}&endDate=${isoDay(77)}&locale=en`;
    for (const target of [SEARCH, api]) {
      const stored = await untilStored(site.port, target);
      // The same address with a booking session is rendered, never served from the store.
      const rendered = await rawRequest(site.port, target, { headers: { cookie: 'booking=x' } });
      expect(header(rendered, 'x-page-cache'), target).toBe('miss');
      for (const [name, value] of Object.entries(baselineSecurityHeaders(false))) {
        if (name === 'content-security-policy') continue;
        expect(header(stored, name), `${target} ${name}`).toBe(value);
        expect(header(rendered, name), `${target} ${name}`).toBe(value);
      }
      expect(header(stored, 'x-page-cache'), target).toBe('hit');
      expect(header(stored, 'content-security-policy'), target).toMatch(/frame-ancestors 'none'/);
      expect(scriptSrc(stored), target).not.toMatch(/unsafe-inline|nonce-/);
    }
  });

  it('answers a HEAD for a page not stored yet with the headers its GET gets, and stores the page', async () => {
    const target = '/en/search?adults=4';
    // Until the partner answers it reads are fresh in the cache, a render may not be stored; a
    // HEAD must then still say what a GET would: the page's length and its cache header.
    let head: RawResponse | undefined;
    for (let i = 0; i < 10; i++) {
      head = await rawRequest(site.port, target, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(Number(header(head, 'content-length'))).toBeGreaterThan(10_000);
      if (header(head, 'cache-control').startsWith('public')) break;
    }
    expect(header(head!, 'cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    const get = await rawRequest(site.port, target);
    expect(header(get, 'x-page-cache')).toBe('hit');
    expect(Buffer.byteLength(get.body)).toBe(Number(header(head!, 'content-length')));
  });

  it('sends a stored page gzipped to a client that accepts it, decompressing to the same page', async () => {
    const plain = await untilStored(site.port, SEARCH);
    const zipped = await new Promise<{
      headers: Record<string, string | string[] | undefined>;
      body: Buffer;
    }>((resolve, reject) => {
      void import('node:http').then(({ request }) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: site.port,
            path: SEARCH,
            headers: { 'accept-encoding': 'gzip' },
            agent: false,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['x-page-cache']).toBe('hit');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body);
  });

  it('renders the page again, with the new data, once the partner answer it was built from is refreshed', async () => {
    const target = '/en/search?adults=3';
    const stored = await untilStored(site.port, target);
    const parks = await parkNames(sandbox.url);
    expect(mentions(stored.body, parks)).toBeGreaterThan(0);
    // The partner's data changes; the stored page stays valid while its answer is fresh.
    await fetch(`${sandbox.url}/__sandbox/fields`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'seed' }),
    });
    const expiresIn = Number(/s-maxage=(\d+)/.exec(header(stored, 'cache-control'))?.[1]);
    expect(expiresIn).toBeLessThanOrEqual(60);
    await new Promise((resolve) => setTimeout(resolve, (expiresIn + 1) * 1000));
    // The search answer is stale now: the next page is rendered from it while the cache
    // refreshes it, and soon shows the partner's new answer.
    let rendered: RawResponse | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await rawRequest(site.port, target);
      // A page rendered from the stale answer while the refresh is under way differs too; the
      // loop waits for one built from the new answer.
      if (res.body !== stored.body && mentions(res.body, parks) < mentions(stored.body, parks)) {
        rendered = res;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(rendered, 'a page rendered from the refreshed answer').toBeDefined();
    // The documented answers name no park: the new page names the parks less often.
    expect(mentions(rendered!.body, parks)).toBeLessThan(mentions(stored.body, parks));
    // Once the refreshed answer is in the cache, no page built from the old one is served again.
    for (let i = 0; i < 5; i++) expect((await rawRequest(site.port, target)).body).not.toBe(stored.body);
    // And that page is stored in turn once its answers are fresh.
    const next = await untilStored(site.port, target);
    expect(next.body).not.toBe(stored.body);
  }, 150_000);
});
