import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCountingServer } from './helpers';
import { rawRequest } from './production-site';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';

/**
 * Hostile requests against the production build, started as production starts it: malformed
 * paths, a forged Host, the image optimizer as a fetcher, slow clients, and the security
 * headers of answers no page renders.
 */

const hasBuild = hasProductionBuild('production-hardening');

const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  for (const name of SECURITY) expect(headers[name], name).toBeTruthy();
  expect(headers['x-content-type-options']).toBe('nosniff');
}

/** Milliseconds until the server closes `socket`, or null if it is still open after `limitMs`. */
function closedWithin(socket: Socket, limitMs: number): Promise<number | null> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

describe.skipIf(!hasBuild)('the production server', () => {
  const { sandbox, site } = setUpSandboxedSite({
    env: {
      PARTNER_RATE_LIMIT_PER_MIN: '5000',
      SERVER_HEADERS_TIMEOUT_MS: '2000',
      SERVER_REQUEST_TIMEOUT_MS: '3000',
      SERVER_KEEP_ALIVE_TIMEOUT_MS: '2000',
      IMAGE_MISSES_PER_MINUTE: '12',
    },
  });

  describe('a path with percent-encoded letters or digits', () => {
    it('is read as the same path spelt plainly, and the site does not request itself for it', async () => {
      const before = site.output().length;
      for (const target of ['/%65n/help', '/e%6E/help?k=1', '/en/%68elp']) {
        const res = await rawRequest(site.port, target);
        expect(res.status, target).toBe(200);
        expect(res.body, target).toContain('<html lang="en"');
      }
      // Next.js proxied such a request to the server itself, piling close listeners on the answer
      // (one warning line per request, which any client could write at will).
      expect(site.output().slice(before)).not.toContain('MaxListenersExceededWarning');
    });
  });

  describe('a path that is not valid percent-encoding', () => {
    it.each(['/api/houses/%E0%A4%A/units', '/api/%ff'])(
      'answers %s with a 400 problem and the security headers',
      async (target) => {
        const res = await rawRequest(site.port, target);
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: 'invalid_path' });
        expectSecurityHeaders(res.headers);
      },
    );

    it.each(['/%ff', '/en/book/%E0%A4%A', '/nl/houses/%E0%A4%A?x=1'])(
      'answers %s with a plain 400 page and the security headers',
      async (target) => {
        const res = await rawRequest(site.port, target);
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('This address is not valid.');
        expectSecurityHeaders(res.headers);
      },
    );
  });

  describe('security headers', () => {
    it('are on a 404 outside the pages (a path with a dot)', async () => {
      const res = await rawRequest(site.port, '/foo.bar');
      expect(res.status).toBe(404);
      expectSecurityHeaders(res.headers);
    });

    it('are on JSON answers, nosniff included', async () => {
      const res = await rawRequest(site.port, '/api/houses/1001');
      expect(res.headers['content-type']).toMatch(/json/);
      expectSecurityHeaders(res.headers);
    });

    it('leave a guest page exactly one policy, a booking page its nonce one, and static files still served', async () => {
      const booking = await rawRequest(site.port, '/en/booking/thank-you');
      expect(typeof booking.headers['content-security-policy']).toBe('string');
      expect(booking.headers['content-security-policy']).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
      // A page any guest may share carries the hashes of its inline scripts instead of a nonce.
      const res = await rawRequest(site.port, '/en/search');
      expect(res.status).toBe(200);
      const csp = res.headers['content-security-policy'];
      expect(typeof csp).toBe('string');
      const scriptSrc = /script-src ([^;]+)/.exec(String(csp))?.[1] ?? '';
      expect(scriptSrc).toMatch(/'sha256-[^']+'/);
      expect(scriptSrc).not.toMatch(/'nonce-|'unsafe-inline'/);
      const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(res.body)?.[1];
      expect(script).toBeDefined();
      const asset = await rawRequest(site.port, script!);
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
    });

    it("are on the icon sprite, answered from memory: the build's bytes with an ETag a browser revalidates with", async () => {
      const buildDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next');
      for (const [target, file] of [['/icons.svg?v=any', 'icons.svg.body']] as const) {
        const res = await rawRequest(site.port, target);
        expect(res.status, target).toBe(200);
        expect(res.headers['content-type'], target).toMatch(/^image\/svg\+xml/);
        expect(res.body, target).toBe(readFileSync(path.join(buildDir, 'server', 'app', file), 'utf8'));
        expectSecurityHeaders(res.headers);
        expect(res.headers['x-next-cache-tags'], target).toBeUndefined();
        const etag = res.headers.etag;
        expect(typeof etag, target).toBe('string');
        const again = await rawRequest(site.port, target, { headers: { 'if-none-match': String(etag) } });
        expect(again.status, target).toBe(304);
      }
    });
  });

  describe('the public files', () => {
    it('answer a range they cannot satisfy, or any range, with the whole file and never a 500', async () => {
      const logo = readFileSync(path.join(process.cwd(), 'public/brand/logo.svg'), 'utf8');
      for (const range of ['bytes=999999-', 'bytes=5-2', 'bytes=0-9']) {
        for (const target of ['/brand/icon-512.png', '/brand/logo.svg']) {
          const res = await rawRequest(site.port, target, { headers: { range } });
          expect(res.status, `${target} ${range}`).toBe(200);
          expectSecurityHeaders(res.headers);
        }
      }
      const res = await rawRequest(site.port, '/brand/logo.svg');
      expect(res.body).toBe(logo);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const again = await rawRequest(site.port, '/brand/logo.svg', {
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.status).toBe(304);
    });
  });

  describe('the language redirect', () => {
    it('is chosen from Accept-Language, so it says so in Vary and no shared cache keeps one language for all', async () => {
      const answers = await Promise.all(
        ['de', 'fr-BE,fr;q=0.9', 'en-GB'].map((language) =>
          rawRequest(site.port, '/?adults=3', { headers: { 'accept-language': language } }),
        ),
      );
      expect(answers.map((res) => String(res.headers.location))).toEqual([
        expect.stringMatching(/^\/de\?adults=3$/),
        expect.stringMatching(/^\/fr\?adults=3$/),
        expect.stringMatching(/^\/en\?adults=3$/),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(307);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-language');
        expect(String(res.headers['cache-control'])).toMatch(/private|no-store/);
      }
    });
  });

  describe('a forged Host', () => {
    it('never reaches the Link header or the page alternates', async () => {
      const res = await rawRequest(site.port, '/en/search', {
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(res.status).toBe(200);
      expect(String(res.headers.link ?? '')).not.toContain('evil.example');
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain(`hrefLang="de" href="${site.url}/de/search"`);
    });

    it('in an absolute-form request target never becomes a redirect, and the path is answered as usual', async () => {
      for (const target of [
        'http://evil.example/nl',
        'http://evil.example/',
        'https://evil.example/en/search?adults=2',
        'ftp://evil.example/en',
        'ws://evil.example/en',
      ]) {
        const res = await rawRequest(site.port, target, { headers: { 'accept-language': 'en' } });
        expect(String(res.headers.location ?? ''), target).not.toContain('evil.example');
        expect(String(res.headers.refresh ?? ''), target).not.toContain('evil.example');
        expect(res.body, target).not.toContain('evil.example');
      }
      expect((await rawRequest(site.port, 'http://evil.example/en/search?adults=2')).status).toBe(200);
    });

    it('answers a target that is not a path (`*`, `en`, `x:y`) with 400, never 500', async () => {
      for (const target of ['*', 'en', 'x:y']) {
        for (const method of ['GET', 'HEAD', 'OPTIONS']) {
          expect((await rawRequest(site.port, target, { method })).status, `${method} ${target}`).toBe(400);
        }
      }
    });

    it('never reaches the locale redirect', async () => {
      const res = await rawRequest(site.port, '/', {
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'accept-language': 'de' },
      });
      expect(res.status).toBeGreaterThanOrEqual(300);
      expect(res.status).toBeLessThan(400);
      expect(String(res.headers.location)).not.toContain('evil.example');
    });
  });

  describe('the image optimizer', () => {
    it('optimizes the partner’s pictures', async () => {
      const picture = `${sandbox.url}/pictures/1001/1.png`;
      expect((await fetch(picture)).status).toBe(200);
      const res = await rawRequest(site.port, `/_next/image?url=${encodeURIComponent(picture)}&w=640&q=75`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    });

    it('refuses any other origin, loopback on another port included, without fetching it', async () => {
      const listener = await startCountingServer();
      try {
        for (const url of [
          `${listener.url}/x.png`,
          'https://example.com/x.png',
          'http://169.254.169.254/latest/meta-data',
        ]) {
          const res = await rawRequest(site.port, `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
          expect(res.status, url).toBe(400);
        }
        expect(listener.hits()).toBe(0);
      } finally {
        await listener.close();
      }
    });
    it('resizes no address of the site itself: its pages use none, and each would be a request the site makes to itself', async () => {
      for (const url of ['/brand/icon-512.png', '/api/metrics', '/api/health', '/en/search?adults=2']) {
        const res = await rawRequest(site.port, `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
        expect(res.status, url).toBe(400);
      }
    });

    it('refuses the partner API’s own addresses and the sandbox’s hooks on the picture origin, without fetching them', async () => {
      const calls = async () =>
        ((await (await fetch(`${sandbox.url}/__sandbox/stats`)).json()) as { calls: { total: number } }).calls
          .total;
      const before = await calls();
      const api = `${sandbox.url}/bungalow/api/v1/booking`;
      for (const url of [
        `${api}/searchHouses?adults=2`,
        `${api}/houseDetails/1001`,
        `${sandbox.url}/BUNGALOW/api/v1/booking/searchHouses`,
        `${sandbox.url}//bungalow/api/v1/booking/searchHouses`,
        `${api}/%73earchHouses`,
        `${sandbox.url}/pictures/../bungalow/api/v1/booking/parkData`,
        `${sandbox.url}/finalizeReservation`,
        `${sandbox.url}/__sandbox/stats`,
      ]) {
        const res = await rawRequest(site.port, `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
        expect(res.status, url).toBe(400);
        expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(res.body), url).toMatchObject({ code: 'invalid_image_url' });
      }
      expect(await calls()).toBe(before);
    });

    it('caps the pictures one client has resized in a minute with 429 and Retry-After, while kept pictures and pages still come', async () => {
      const picture = `${sandbox.url}/pictures/1001/2.png`;
      const resized = (url: string) => `/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`;
      expect((await rawRequest(site.port, resized(picture))).status).toBe(200);
      // Another query string on the picture's address is another picture to resize.
      const statuses: number[] = [];
      for (let n = 0; n < 16; n++) {
        const res = await rawRequest(site.port, resized(`${picture}?v=${n}`));
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
      expect(statuses.filter((status) => status !== 429).length).toBeLessThan(12);
      expect(statuses.at(-1)).toBe(429);
      // The picture already made is sent from memory, and pages are not counted.
      expect((await rawRequest(site.port, resized(picture))).status).toBe(200);
      expect((await rawRequest(site.port, '/en/help')).status).toBe(200);
    });
  });

  describe('methods a route does not take', () => {
    it('are answered 405 with a problem body, the Allow header and no-store', async () => {
      for (const [method, path, allow] of [
        ['PUT', '/api/booking/finalize', 'POST'],
        ['GET', '/api/booking/pre-register', 'POST'],
        ['DELETE', '/api/search?adults=2', 'GET, HEAD'],
        ['POST', '/api/health', 'GET, HEAD'],
        ['PATCH', '/api/houses/1001/units', 'GET, HEAD'],
        ['PROPFIND', '/api/nope', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
        ['PROPFIND', '/api/search', 'GET, HEAD'],
      ] as const) {
        const res = await rawRequest(site.port, path, { method });
        const where = `${method} ${path}`;
        expect(res.status, where).toBe(405);
        expect(res.headers.allow, where).toBe(allow);
        expect(res.headers['cache-control'], where).toBe('no-store');
        expect(res.headers['content-type'], where).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(res.body), where).toMatchObject({ status: 405, code: 'method_not_allowed' });
      }
    });
  });

  describe('the API root', () => {
    it('answers /api itself with the not-found problem, like any address that names no endpoint', async () => {
      for (const method of ['GET', 'POST']) {
        const res = await rawRequest(site.port, '/api', { method });
        expect(res.status, method).toBe(404);
        expect(res.headers['content-type'], method).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(res.body), method).toMatchObject({ code: 'not_found' });
      }
    });
  });

  describe('query and cookie input', () => {
    it('answers an impossible date with a 400 problem, not a 500', async () => {
      const res = await rawRequest(site.port, '/api/houses/1001?startDate=2026-02-30&endDate=2026-03-02');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_input' });
    });

    it('treats a booking cookie with a malformed escape as no session on every booking POST', async () => {
      for (const step of ['pre-register', 'finalize', 'close']) {
        const res = await rawRequest(site.port, `/api/booking/${step}`, {
          method: 'POST',
          headers: {
            cookie: 'booking=%E0%A4%A',
            origin: site.url,
            'sec-fetch-site': 'same-origin',
            'x-booking-client': '1',
            'content-type': 'application/json',
          },
          body: '{}',
        });
        expect(res.status, step).toBeLessThan(500);
        // A refusal explains itself; only the close step may answer 204 with nothing to say.
        if (res.status !== 204) expect(res.body.length, step).toBeGreaterThan(0);
      }
      expect(site.output()).not.toContain('URIError');
    });
  });

  describe('slow clients', () => {
    it('closes a connection whose headers trickle in past the headers timeout', async () => {
      const socket = await openSocket(site.port);
      socket.write('GET /en HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 300);
      const closedAfter = await closedWithin(socket, 8000);
      clearInterval(trickle);
      socket.destroy();
      expect(closedAfter).not.toBeNull();
      expect(closedAfter!).toBeLessThan(5000);
    });

    it('closes a connection whose body trickles in past the request timeout', async () => {
      const socket = await openSocket(site.port);
      socket.write(
        'POST /api/booking/pre-register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n',
      );
      const trickle = setInterval(() => socket.writable && socket.write(' '), 300);
      const closedAfter = await closedWithin(socket, 10_000);
      clearInterval(trickle);
      socket.destroy();
      expect(closedAfter).not.toBeNull();
      expect(closedAfter!).toBeLessThan(6000);
    });

    it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
      const socket = await openSocket(site.port);
      socket.write('GET /foo.bar HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      const closedAfter = await closedWithin(socket, 8000);
      socket.destroy();
      expect(closedAfter).not.toBeNull();
      expect(closedAfter!).toBeGreaterThan(1000);
      expect(closedAfter!).toBeLessThan(5000);
    });
  });
});
