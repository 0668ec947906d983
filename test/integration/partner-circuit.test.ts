import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';
import {
  captureSiteLogs,
  hooks,
  isoDay,
  logCollector,
  resetGateway,
  watchUnhandledRejections,
} from './helpers';

const OPERATOR_TOKEN = randomBytes(24).toString('hex');
const OPERATOR = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/**
 * Timeouts, deadlines and the circuit breaker against the real sandbox: a partner that answers
 * 500s, hangs, answers after the timeout or resets the connection. Every BFF response arrives within the read deadline as a
 * generic problem+json; the circuit opens after five failures, no call reaches the partner while
 * it is open, one trial call closes it; the transitions show in the logs and in /api/health; and
 * nothing ends as an unhandled rejection.
 */

const TIMEOUT_MS = 300;
const DEADLINE_MS = 1_500;
const OPEN_MS = 3_000;
const FAILURES = 5;
/** Room for the machine to be busy: a response may come this much after its deadline, not later. */
const GRACE_MS = 1_000;

const logs = logCollector();
let rejections: ReturnType<typeof watchUnhandledRejections>;

let sandbox: SandboxHandle;
let sb: ReturnType<typeof hooks>;
type RouteCtx = { params: Promise<{ houseId: string }> };
let search: (req: Request) => Promise<Response>;
let house: (req: Request, ctx: RouteCtx) => Promise<Response>;
let health: () => Promise<Response>;

const get = (path: string) => new Request(`http://127.0.0.1:3100${path}`);
const ctx = (houseId: string): RouteCtx => ({ params: Promise.resolve({ houseId }) });
let searchSeq = 0;

/** A search nobody asked before, so no cached answer can stand in for the partner. */
function freshSearch(): Promise<Response> {
  searchSeq += 1;
  const adults = 1 + (searchSeq % 9);
  const start = 20 + Math.floor(searchSeq / 9);
  return search(get(`/api/search?adults=${adults}&startDate=${isoDay(start)}&endDate=${isoDay(start + 3)}`));
}

interface Timed {
  readonly status: number;
  readonly ms: number;
  readonly body: Record<string, unknown>;
  readonly retryAfter: string | null;
}

async function timed(request: () => Promise<Response>): Promise<Timed> {
  const started = performance.now();
  const res = await request();
  const ms = performance.now() - started;
  return {
    status: res.status,
    ms,
    body: (await res.json()) as Record<string, unknown>,
    retryAfter: res.headers.get('retry-after'),
  };
}

/** A generic problem+json: a stable code, no partner text, within the deadline. */
function expectGenericFailure(r: Timed, statuses: number[]): void {
  expect(statuses).toContain(r.status);
  expect(Object.keys(r.body).sort()).toEqual(
    r.body.retryAfter === undefined
      ? ['code', 'status', 'title', 'type']
      : ['code', 'retryAfter', 'status', 'title', 'type'],
  );
  expect(JSON.stringify(r.body)).not.toMatch(/sandbox|ErrorBody|stack|at \w+ \(/i);
  expect(r.ms).toBeLessThan(DEADLINE_MS + GRACE_MS);
}

async function circuit(): Promise<{ state: string; opened: number; halfOpened: number; closed: number }> {
  const body = (await (await health()).json()) as {
    circuit: { state: string; opened: number; halfOpened: number; closed: number };
  };
  return body.circuit;
}

function transitions(): string[] {
  return logs.lines
    .map((line) => JSON.parse(line) as { circuit?: string })
    .filter((entry) => entry.circuit !== undefined)
    .map((entry) => entry.circuit!);
}

beforeAll(async () => {
  rejections = watchUnhandledRejections();
  sandbox = await startSandbox({ port: 0, latencyMs: 0, rateLimitPerMin: 100_000 });
  sb = hooks(sandbox.url);
  Object.assign(process.env, {
    PARTNER_API_URL: sandbox.url,
    PARTNER_API_KEY: 'demo-key',
    PARTNER_ID: 'demo-partner',
    PARTNER_RATE_LIMIT_PER_MIN: '100000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    HEALTH_TOKEN: OPERATOR_TOKEN,
    SITE_URL: 'http://127.0.0.1:3100',
    PARTNER_TIMEOUT_MS: String(TIMEOUT_MS),
    PARTNER_DEADLINE_MS: String(DEADLINE_MS),
    PARTNER_BREAKER_FAILURES: String(FAILURES),
    PARTNER_BREAKER_OPEN_MS: String(OPEN_MS),
    LOG_LEVEL: 'info',
  });
  await captureSiteLogs(logs.stream);
  search = (await import('@/app/api/search/route')).GET;
  house = (await import('@/app/api/houses/[houseId]/route')).GET;
  // The detail (circuit, partner, store) is the operator's, behind the token.
  const details = (await import('@/app/api/health/details/route')).GET;
  health = () => details(new Request('http://127.0.0.1:3100/api/health/details', { headers: OPERATOR }));
});

beforeEach(async () => {
  // A fresh gateway per test: a closed circuit and an empty cache.
  resetGateway();
  logs.lines.length = 0;
  await sb.reset();
});

afterAll(async () => {
  resetGateway();
  // Calls abandoned at their deadline settle a little later; give them the time to.
  await sleep(2 * TIMEOUT_MS);
  await sandbox.close();
  expect(rejections.stop()).toEqual([]);
});

describe('partner circuit against the sandbox', () => {
  it('opens after a burst of 500s, keeps every call from the partner while open, and one trial closes it', async () => {
    await sb.fault({ operation: '*', type: 'status', status: 500 });
    // A read tries three times: the first search spends 3 calls, the second 2, and the circuit opens.
    expectGenericFailure(await timed(freshSearch), [503]);
    expectGenericFailure(await timed(freshSearch), [503]);
    expect((await sb.stats()).calls.total).toBe(FAILURES);
    expect(await circuit()).toMatchObject({ state: 'open', opened: 1 });

    const whileOpen = await Promise.all([
      ...Array.from({ length: 20 }, () => timed(freshSearch)),
      ...['1002', '1003', '1004'].map((id) => timed(() => house(get(`/api/houses/${id}`), ctx(id)))),
    ]);
    for (const r of whileOpen) {
      expectGenericFailure(r, [503]);
      expect(r.body.code).toBe('unavailable');
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect((await sb.stats()).calls.total).toBe(FAILURES);
    const degraded = (await (await health()).json()) as { status: string; partner: { reachable: boolean } };
    expect(degraded).toMatchObject({ status: 'degraded', partner: { reachable: false } });
    expect((await sb.stats()).calls.total).toBe(FAILURES);

    await sb.clearFaults();
    await sleep(OPEN_MS + 100);
    const recovered = await timed(freshSearch);
    expect(recovered.status).toBe(200);
    expect((await sb.stats()).calls.total).toBe(FAILURES + 1);
    expect(await circuit()).toMatchObject({ state: 'closed', opened: 1, halfOpened: 1, closed: 1 });
    expect(transitions()).toEqual(['open', 'half-open', 'closed']);
  });

  it('opens again when the trial fails, and waits a full open time before the next one', async () => {
    await sb.fault({ operation: '*', type: 'status', status: 502 });
    await timed(freshSearch);
    await timed(freshSearch);
    expect(await circuit()).toMatchObject({ state: 'open' });
    await sleep(OPEN_MS + 100);
    expectGenericFailure(await timed(freshSearch), [503]);
    expect((await sb.stats()).calls.total).toBe(FAILURES + 1);
    expect(await circuit()).toMatchObject({ state: 'open', opened: 2, halfOpened: 1, closed: 0 });
    expectGenericFailure(await timed(freshSearch), [503]);
    expect((await sb.stats()).calls.total).toBe(FAILURES + 1);
    expect(transitions()).toEqual(['open', 'half-open', 'open']);
  });

  for (const fault of [
    { name: 'never answers (hang)', spec: { type: 'timeout' } },
    { name: 'answers after the timeout', spec: { type: 'latency', latencyMs: 4 * TIMEOUT_MS } },
    { name: 'resets the connection', spec: { type: 'reset' } },
  ]) {
    it(`answers every request within the deadline when the partner ${fault.name}, then fails fast`, async () => {
      await sb.fault({ operation: '*', ...fault.spec });
      const firstWave = await Promise.all([
        ...Array.from({ length: 8 }, () => timed(freshSearch)),
        ...['1002', '1005'].map((id) => timed(() => house(get(`/api/houses/${id}?adults=2`), ctx(id)))),
      ]);
      for (const r of firstWave) expectGenericFailure(r, [503, 504]);
      expect(await circuit()).toMatchObject({ state: 'open' });

      const sent = (await sb.stats()).calls.total;
      const secondWave = await Promise.all(Array.from({ length: 12 }, () => timed(freshSearch)));
      for (const r of secondWave) {
        expectGenericFailure(r, [503]);
        expect(r.body.code).toBe('unavailable');
      }
      expect((await sb.stats()).calls.total).toBe(sent);
      expect(transitions()[0]).toBe('open');
    });
  }
});
