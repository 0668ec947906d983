import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureSiteLogs, logCollector, resetGateway, watchUnhandledRejections } from './helpers';

/**
 * Partner answers are validated before use, so the BFF in front of a partner that answers
 * anything at all stays safe. A loopback server plays the partner and answers each call as the test says:
 * fast-check's arbitrary JSON, truncated bodies, HTML under 200, a wrong content type over valid
 * JSON, arrays far larger than any answer, a body cut off by a reset. The BFF answers its own
 * shapes or a generic 502/503, never 500, never a partner string, and its memory stays bounded.
 */

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

const KEY = `canary-key-${randomBytes(6).toString('hex')}`;
const PARTNER = `canary-partner-${randomBytes(6).toString('hex')}`;
const logs = logCollector();
let rejections: ReturnType<typeof watchUnhandledRejections>;

let server: Server;
let behave: Behaviour = (_req, res) => res.end('{}');
let calls = 0;
let search: (req: Request) => Promise<Response>;
let house: (req: Request, ctx: { params: Promise<{ houseId: string }> }) => Promise<Response>;

const get = (path: string) => new Request(`http://127.0.0.1:3100${path}`);
const searchOnce = () => search(get('/api/search?adults=2'));
const houseOnce = () => house(get('/api/houses/1002'), { params: Promise.resolve({ houseId: '1002' }) });

const GENERIC_502 = {
  type: 'about:blank',
  title: 'The booking service gave an unexpected answer.',
  status: 502,
  code: 'bad_gateway',
};

function json(body: string, type = 'application/json'): Behaviour {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
}

/** Streams `totalBytes` of one JSON array in 64-KB chunks, and stops when the client hangs up. */
function hugeArray(totalBytes: number, declareLength: boolean): Behaviour {
  return (_req, res) => {
    const chunk = Buffer.from('{"houseId":1,"name":"x"},'.repeat(2_600));
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declareLength ? { 'content-length': totalBytes } : {}),
    });
    res.write('[');
    let sent = 1;
    const pump = () => {
      while (sent < totalBytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('{}]');
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  };
}

async function problemOf(res: Response): Promise<Record<string, unknown>> {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  rejections = watchUnhandledRejections();
  server = createServer((req, res) => {
    calls += 1;
    req.resume();
    behave(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(process.env, {
    PARTNER_API_URL: `http://127.0.0.1:${port}`,
    PARTNER_API_KEY: KEY,
    PARTNER_ID: PARTNER,
    PARTNER_RATE_LIMIT_PER_MIN: '100000',
    // Every call reaches the hostile partner: no cache, and a circuit that never opens here.
    PARTNER_CACHE: 'off',
    PARTNER_BREAKER_FAILURES: '1000',
    PARTNER_TIMEOUT_MS: '2000',
    PARTNER_DEADLINE_MS: '4000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SITE_URL: 'http://127.0.0.1:3100',
    LOG_LEVEL: 'info',
  });
  await captureSiteLogs(logs.stream);
  search = (await import('@/app/api/search/route')).GET;
  house = (await import('@/app/api/houses/[houseId]/route')).GET;
});

beforeEach(() => {
  resetGateway();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  expect(rejections.stop()).toEqual([]);
  const everything = logs.lines.join('\n');
  expect(everything).not.toContain(KEY);
  expect(everything).not.toContain(PARTNER);
  expect(everything).not.toContain('hostile-marker');
});

describe('a partner answering anything', () => {
  it('turns arbitrary JSON into our own shapes or one generic 502, never a 500 or a partner string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const body = JSON.stringify(value) ?? 'null';
        behave = json(body);
        for (const answer of [await searchOnce(), await houseOnce()]) {
          expect([200, 502]).toContain(answer.status);
          if (answer.status === 502) {
            expect(await problemOf(answer)).toEqual(GENERIC_502);
          } else {
            // Only an answer our schemas accept gets through, and then only in our own shape.
            const data = (await answer.json()) as Record<string, unknown>;
            const keys = Object.keys(data).sort();
            expect([
              ['count', 'criteria', 'filters', 'houses', 'stale', 'unknown'],
              ['house', 'stale'],
            ]).toContainEqual(keys);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('answers a generic 502 for truncated JSON, HTML under 200 and JSON under a wrong content type', async () => {
    const valid = '{"houseList":[],"houseCount":0,"note":"hostile-marker"}';
    for (const behaviour of [
      json(valid.slice(0, 20)),
      json('<html><body>hostile-marker: upstream error</body></html>', 'text/html'),
      json(valid, 'text/html; charset=utf-8'),
      json(valid, 'text/plain'),
    ]) {
      behave = behaviour;
      const res = await searchOnce();
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual(GENERIC_502);
      expect(text).not.toContain('hostile-marker');
    }
    behave = json(valid, 'application/json; charset=utf-8');
    expect((await searchOnce()).status).toBe(200);
  });

  it('refuses answers far larger than any real one without holding them in memory', async () => {
    const before = process.memoryUsage();
    let peak = 0;
    const measure = () => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - (before.heapUsed + before.arrayBuffers));
    };
    const timer = setInterval(measure, 5);
    try {
      for (const behaviour of [
        hugeArray(64 * 1024 * 1024, false),
        hugeArray(64 * 1024 * 1024, true),
        hugeArray(48 * 1024 * 1024, false),
      ]) {
        behave = behaviour;
        const started = calls;
        const res = await searchOnce();
        measure();
        expect(res.status).toBe(502);
        expect(await problemOf(res)).toEqual(GENERIC_502);
        // bad_gateway is not retried: one call per request.
        expect(calls - started).toBe(1);
      }
    } finally {
      clearInterval(timer);
    }
    // 176 MB were offered; the client reads at most 8 MB of one answer before it gives up.
    expect(peak).toBeLessThan(96 * 1024 * 1024);
  });

  it('answers 503 when the connection resets in the middle of the body', async () => {
    behave = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('{"houseList":[{"houseId":1,');
      setTimeout(() => res.socket?.destroy(), 10);
    };
    const started = calls;
    const res = await searchOnce();
    expect(res.status).toBe(503);
    expect(await problemOf(res)).toMatchObject({ code: 'unavailable', status: 503 });
    // A reset is worth retrying for a read: three tries in all.
    expect(calls - started).toBe(3);
  });
});
