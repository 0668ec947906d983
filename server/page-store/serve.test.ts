import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { announceCacheWrite } from '@/lib/upstream/cache';
import { requestContext } from '@/lib/request-context';
import { PageStore } from './page-store';
import { createPageCache } from './serve';

/**
 * The site server's answer store around a stand-in for Next.js's handler: `render` reports the
 * cached partner reads it made the way lib/upstream/cache.ts does, through the request context's
 * observer, then writes an answer.
 */

const observer = () => requestContext().cacheReads;

interface Answer {
  readonly status?: number;
  readonly type: string;
  readonly body: string;
  readonly cacheControl?: string;
  /**
   * How the governor answered the render's one partner read: a fresh cached entry, a stale one
   * served while it is refreshed, or an old one served because the partner could not answer.
   */
  readonly read?: 'fresh' | 'stale' | 'fallback';
  readonly delayMs?: number;
  /** Runs while the render waits for its partner answer. */
  readonly during?: () => void;
}

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The cache key of the one partner read every render here makes. */
const SEARCH_KEY = 'cache:v1:searchHouses:EN:[]';

async function startSite(
  answer: (req: IncomingMessage) => Answer,
  now: () => number = Date.now,
  brand?: () => string,
  compress?: (body: Buffer) => Promise<Buffer | undefined>,
): Promise<{ port: number; renders: () => number }> {
  let renders = 0;
  const cache = createPageCache({
    store: new PageStore(undefined, now),
    maxAgeMs: 60_000,
    now,
    today: () => '2026-11-23',
    brand,
    compress,
  });
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const render = async () => {
      renders += 1;
      const { status = 200, type, body, cacheControl, read = 'fresh', delayMs = 0, during } = answer(req);
      const record = observer();
      record?.read(SEARCH_KEY);
      if (read === 'fresh') record?.entry(now(), 60_000, true);
      else record?.entry(now() - 120_000, 60_000, false);
      if (read === 'stale') record?.staleServed(now() + 600_000, 60_000);
      during?.();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      res.statusCode = status;
      res.setHeader('content-type', type);
      if (cacheControl) res.setHeader('cache-control', cacheControl);
      res.end(body);
    };
    // As the site server does: what the store does not take, Next.js answers.
    void cache.serve(req, res, {}, render).then((served) => (served ? undefined : render()));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server!.address() as AddressInfo).port, renders: () => renders };
}

interface Received {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const SEARCH_JSON = JSON.stringify({
  houses: Array.from({ length: 40 }, (_, id) => ({ id, name: `House ${id}` })),
});
const searchAnswer = (): Answer => ({
  type: 'application/json',
  body: SEARCH_JSON,
  cacheControl: 'private, max-age=30',
});

describe('the answer store of the site server', () => {
  it('serves a cached search API answer again as stored bytes, with its route cache header, without calling the route', async () => {
    const site = await startSite(searchAnswer);
    const first = await get(site.port, '/api/search?adults=2');
    const again = await get(site.port, '/api/search?adults=2');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(site.renders()).toBe(1);
    expect(again.body.toString('utf8')).toBe(SEARCH_JSON);
    expect(again.headers['content-type']).toBe('application/json');
    expect(again.headers['cache-control']).toBe('private, max-age=30');
    // Gzipped once, for every guest that accepts it.
    const zipped = await get(site.port, '/api/search?adults=2', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(SEARCH_JSON);
    expect(site.renders()).toBe(1);
  });

  it('never serves a page stored under one brand once the brand has changed', async () => {
    let brand = 'brand-a';
    const site = await startSite(
      () => ({ type: 'text/html; charset=utf-8', body: `<p>${brand}</p>` }),
      Date.now,
      () => brand,
    );
    await get(site.port, '/en');
    expect((await get(site.port, '/en')).headers['x-page-cache']).toBe('hit');
    brand = 'brand-b';
    const after = await get(site.port, '/en');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body.toString('utf8')).toBe('<p>brand-b</p>');
    expect(site.renders()).toBe(2);
  });

  it('never stores a search answer built from an old answer served because the partner could not answer, nor an error', async () => {
    const site = await startSite((req) =>
      req.url?.includes('adults=abc')
        ? { status: 400, type: 'application/problem+json', body: '{"code":"invalid_input"}' }
        : { ...searchAnswer(), read: 'fallback' },
    );
    await get(site.port, '/api/search?adults=2');
    await get(site.port, '/api/search?adults=abc');
    expect((await get(site.port, '/api/search?adults=2')).headers['x-page-cache']).toBe('miss');
    expect((await get(site.port, '/api/search?adults=abc')).status).toBe(400);
    expect(site.renders()).toBe(4);
  });

  it('never serves nor stores a search answer for a guest with a booking session', async () => {
    const site = await startSite(searchAnswer);
    await get(site.port, '/api/search?adults=2', { cookie: 'booking=sealed' });
    const plain = await get(site.port, '/api/search?adults=2');
    expect(plain.headers['x-page-cache']).toBe('miss');
    const withSession = await get(site.port, '/api/search?adults=2', { cookie: 'booking=sealed' });
    expect(withSession.headers['x-page-cache']).toBe('miss');
    expect(site.renders()).toBe(3);
  });

  it('passes on a 304 without a content length and stores nothing', async () => {
    const site = await startSite(() => ({ status: 304, type: 'application/json', body: '' }));
    const answer = await get(site.port, '/api/search?adults=2', { 'if-none-match': '"v1"' });
    expect(answer.status).toBe(304);
    expect(answer.headers['content-length']).toBeUndefined();
    await get(site.port, '/api/search?adults=2');
    expect(site.renders()).toBe(2);
  });

  it('stores no other API answer', async () => {
    const site = await startSite(() => ({ type: 'application/json', body: '{"status":"ok"}' }));
    await get(site.port, '/api/health');
    await get(site.port, '/api/health');
    expect(site.renders()).toBe(2);
  });

  it('renders a campaign link once for every click id, for the address without them, and serves the rest from the store', async () => {
    const asked: string[] = [];
    const site = await startSite((req) => {
      asked.push(req.url ?? '');
      if (req.url?.startsWith('/api/')) return searchAnswer();
      return { type: 'text/html', body: `<a href="${req.url ?? ''}">results</a>` };
    });
    const landing = '/en/search?adults=2&utm_source=news&utm_medium=email';
    const first = await get(site.port, `${landing}&gclid=first-click`);
    const second = await get(site.port, `${landing}&fbclid=second-click`);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(site.renders()).toBe(1);
    expect(asked).toEqual(['/en/search?adults=2']);
    expect(second.body.toString('utf8')).toBe(first.body.toString('utf8'));
    expect(first.body.toString('utf8')).not.toMatch(/click|utm_/);
    // The search API keys its answers by the same rule.
    await get(site.port, '/api/search?adults=2&gclid=a');
    expect((await get(site.port, '/api/search?adults=2&gclid=b')).headers['x-page-cache']).toBe('hit');
    expect(asked.at(-1)).toBe('/api/search?adults=2');
  });

  it('renders a page once for guests who ask for it while it is being rendered, and serves them all the same bytes', async () => {
    const site = await startSite(() => ({
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><p>results</p>',
      delayMs: 100,
    }));
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(site.port, '/en/search?adults=2')));
    expect(site.renders()).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.toString('utf8')))).toEqual(
      new Set(['<!doctype html><p>results</p>']),
    );
    expect(answers.filter((answer) => answer.headers['x-page-cache'] === 'hit')).toHaveLength(5);
  });

  it('lets each waiting guest render for themselves when the render they waited for may not be stored', async () => {
    const site = await startSite(() => ({
      type: 'text/html',
      body: '<p>busy</p>',
      read: 'fallback',
      delayMs: 50,
    }));
    const answers = await Promise.all(Array.from({ length: 3 }, () => get(site.port, '/en/search?adults=4')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.every((answer) => answer.headers['cache-control'] === 'private, no-store')).toBe(true);
    expect(site.renders()).toBe(3);
  });

  it('drops a stored page the moment the partner answer it was built from is written again', async () => {
    let version = 1;
    const site = await startSite(() => ({ type: 'text/html', body: `<p>results ${version}</p>` }));
    await get(site.port, '/en/search?adults=2');
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('hit');
    version = 2;
    announceCacheWrite(SEARCH_KEY);
    const after = await get(site.port, '/en/search?adults=2');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body.toString('utf8')).toBe('<p>results 2</p>');
    expect(site.renders()).toBe(2);
  });

  it('keeps a page built from a stale answer being refreshed no longer than its fresh age, for this instance only, until that answer is written', async () => {
    let clock = 1_000_000;
    const site = await startSite(
      () => ({ type: 'text/html', body: '<p>results</p>', read: 'stale' }),
      () => clock,
    );
    const first = await get(site.port, '/en/search?adults=2');
    const again = await get(site.port, '/en/search?adults=2');
    expect(again.headers['x-page-cache']).toBe('hit');
    // No shared cache may keep it: only this instance hears when its answer is refreshed.
    expect([first.headers['cache-control'], again.headers['cache-control']]).toEqual([
      'private, no-store',
      'private, no-store',
    ]);
    expect(site.renders()).toBe(1);
    // Written again: rendered again.
    announceCacheWrite(SEARCH_KEY);
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('miss');
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('hit');
    // And never longer than its answers' fresh age, refreshed or not (another instance may have
    // refreshed it).
    clock += 59_000;
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('hit');
    clock += 1_000;
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('miss');
    expect(site.renders()).toBe(3);
  });

  it('never stores a page when a partner answer it read was written again while it rendered', async () => {
    const site = await startSite(() => ({
      type: 'text/html',
      body: '<p>results</p>',
      read: 'stale',
      during: () => announceCacheWrite(SEARCH_KEY),
    }));
    await get(site.port, '/en/search?adults=2');
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('miss');
    expect(site.renders()).toBe(2);
  });

  /** A page long enough to be gzipped, from a site whose compression is `compress`. */
  const LONG_PAGE = `<main>${'<p>a result</p>'.repeat(200)}</main>`;
  const startCompressingSite = (compress: (body: Buffer) => Promise<Buffer | undefined>) =>
    startSite(() => ({ type: 'text/html', body: LONG_PAGE }), Date.now, undefined, compress);

  it('never stores a page when a partner answer it read was written again while the page was being compressed', async () => {
    const site = await startCompressingSite(async (body) => {
      // The render has returned by now; only the compression is still under way.
      await new Promise((resolve) => setTimeout(resolve, 20));
      announceCacheWrite(SEARCH_KEY);
      return gzipSync(body);
    });
    const first = await get(site.port, '/en/search?adults=2', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(first.body).toString()).toBe(LONG_PAGE);
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('miss');
    expect(site.renders()).toBe(2);
  });

  it('sends and stores a rendered page uncompressed when its compression fails', async () => {
    const site = await startCompressingSite(async () => {
      throw new Error('no memory for the compressor');
    });
    const first = await get(site.port, '/en/search?adults=2', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body.toString()).toBe(LONG_PAGE);
    expect((await get(site.port, '/en/search?adults=2')).headers['x-page-cache']).toBe('hit');
  });

  it('gives a stored page a validator, and a guest or shared cache holding the same bytes gets 304 without them', async () => {
    let version = 1;
    const site = await startSite(() => ({ type: 'text/html', body: `<p>results ${version}</p>` }));
    const first = await get(site.port, '/en/search?adults=2');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]{16,}"$/);

    const same = await get(site.port, '/en/search?adults=2', {
      'if-none-match': tag,
      'accept-encoding': 'gzip',
    });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    expect(same.headers['content-length']).toBeUndefined();
    expect(same.headers['content-encoding']).toBeUndefined();
    expect(same.headers.etag).toBe(tag);
    expect(same.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(same.headers.vary).toMatch(/Accept-Encoding/);
    // Any of a list, strong or weak, and "*" match; another tag does not.
    expect(
      (await get(site.port, '/en/search?adults=2', { 'if-none-match': `"x", ${tag.slice(2)}` })).status,
    ).toBe(304);
    expect((await get(site.port, '/en/search?adults=2', { 'if-none-match': '*' })).status).toBe(304);
    expect((await get(site.port, '/en/search?adults=2', { 'if-none-match': 'W/"other"' })).status).toBe(200);
    // A guest with a booking session is never answered from what the store holds.
    const withSession = await get(site.port, '/en/search?adults=2', {
      'if-none-match': tag,
      cookie: 'booking=sealed',
    });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.etag).toBeUndefined();
    expect(site.renders()).toBe(2);

    // Rendered again from the same data (its answer refreshed, unchanged): still the same bytes.
    announceCacheWrite(SEARCH_KEY);
    const revalidated = await get(site.port, '/en/search?adults=2', { 'if-none-match': tag });
    expect([revalidated.status, revalidated.headers['x-page-cache']]).toEqual([304, 'miss']);
    // New data: a new page with a new validator.
    version = 2;
    announceCacheWrite(SEARCH_KEY);
    const changed = await get(site.port, '/en/search?adults=2', { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString('utf8')).toBe('<p>results 2</p>');
    expect(changed.headers.etag).not.toBe(tag);
    expect(site.renders()).toBe(4);
  });

  it('gives a page that is sent once no validator', async () => {
    const site = await startSite(() => ({ type: 'text/html', body: '<p>busy</p>', read: 'fallback' }));
    const answer = await get(site.port, '/en/search?adults=4', { 'if-none-match': '*' });
    expect(answer.status).toBe(200);
    expect(answer.headers.etag).toBeUndefined();
  });

  it('keeps a page built from fresh answers only for shared caches too, as long as they stay fresh', async () => {
    const site = await startSite(() => ({ type: 'text/html', body: '<p>results</p>' }));
    const first = await get(site.port, '/en/search?adults=2');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=(59|60)$/);
  });
});
