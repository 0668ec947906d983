/**
 * Integration-test harness for the booking routes: a fresh sandbox on loopback, the site's
 * environment pointed at it, the route handlers imported after the environment is set, and
 * helpers that send requests the way the site's own browser code does. Test-only.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { startSandbox, type SandboxHandle } from '@/sandbox/src/server';

export const SITE = 'http://127.0.0.1:3100';

export const GUEST = {
  firstName: 'Anna',
  insertion: 'van der',
  lastName: 'Berg',
  street: 'Hoofdstraat',
  houseNumber: '12a',
  postcode: '1234 AB',
  city: 'Amsterdam',
  country: 'NL',
  email: 'anna.vanderberg@example.nl',
  phone: '020 123 4567',
  mobile: '06 12345678',
  language: 'nl',
};

export interface Stay {
  houseId: number;
  startDate: string;
  endDate: string;
  unitIds: number[];
}

type Handler = (req: Request) => Promise<Response>;

export interface Harness {
  sandbox: SandboxHandle;
  preRegister: Handler;
  finalize: Handler;
  close: Handler;
  logs: string[];
  hooks: ReturnType<typeof sandboxHooks>;
  /** A fresh gateway (empty cache and idempotency store) and fresh inbound limits. */
  resetSite(): Promise<void>;
  stop(): Promise<void>;
}

export function sandboxHooks(url: string) {
  const json = async <T>(res: Promise<Response>) => (await res).json() as Promise<T>;
  return {
    stats: () =>
      json<{ calls: { total: number; byOperation: Record<string, number> } }>(
        fetch(`${url}/__sandbox/stats`),
      ),
    /** Holds and bookings, with calendar dates (the hook answers date-times). */
    reservations: async () =>
      (
        await json<
          {
            transactionId: string;
            houseId: number;
            unitId: number;
            startDate: string;
            endDate: string;
            status: string;
            finalizeCalls: number;
          }[]
        >(fetch(`${url}/__sandbox/reservations`))
      ).map((r) => ({ ...r, startDate: r.startDate.slice(0, 10), endDate: r.endDate.slice(0, 10) })),
    reset: () => fetch(`${url}/__sandbox/reset`, { method: 'POST' }),
    fault: async (spec: Record<string, unknown>) => {
      const res = await fetch(`${url}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(spec),
      });
      if (!res.ok) throw new Error(`fault refused: ${res.status}`);
    },
    clearFaults: () => fetch(`${url}/__sandbox/faults`, { method: 'DELETE' }),
    advanceClock: (advanceMs: number) =>
      fetch(`${url}/__sandbox/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs }),
      }),
    partner: async <T>(pathAndQuery: string): Promise<T> => {
      const res = await fetch(`${url}/bungalow/api/v1/booking/${pathAndQuery}`, {
        headers: { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner', language: 'EN' },
      });
      return res.json() as Promise<T>;
    },
  };
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, latencyMs: 0, rateLimitPerMin: 100_000 });
  for (const name of [
    'PARTNER_API_URL',
    'PARTNER_API_KEY',
    'PARTNER_ID',
    'REDIS_URL',
    'PARTNER_THANK_YOU_URL',
  ])
    delete process.env[name];
  Object.assign(process.env, {
    SANDBOX_URL: sandbox.url,
    SITE_URL: SITE,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PARTNER_RATE_LIMIT_PER_MIN: '100000',
    PARTNER_TIMEOUT_MS: '600',
    PARTNER_DEADLINE_MS: '3000',
    LOG_LEVEL: 'info',
    TRUST_PROXY: '0',
    // The booking ledger only where a suite asks for it (with a database of its own).
    LEDGER: 'off',
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  const { createLogger, replaceLogger } = await import('@/lib/log');
  replaceLogger(createLogger(stream));
  const { closeGateway, replaceGateway } = await import('@/lib/partner-api/gateway');
  replaceGateway(undefined);
  const { resetRateLimits } = await import('@/lib/booking-flow/rules/rate-limit');
  const preRegister = (await import('@/app/api/booking/pre-register/route')).POST;
  const finalize = (await import('@/app/api/booking/finalize/route')).POST;
  const close = (await import('@/app/api/booking/close/route')).POST;
  const hooks = sandboxHooks(sandbox.url);
  return {
    sandbox,
    preRegister,
    finalize,
    close,
    logs,
    hooks,
    async resetSite() {
      await closeGateway();
      resetRateLimits();
      await hooks.clearFaults();
    },
    async stop() {
      replaceGateway(undefined);
      await sandbox.close();
    },
  };
}

/** A POST as the site's browser code sends it: same origin, JSON, the client header. */
export function bookingRequest(
  path: string,
  body: unknown,
  opts: { cookie?: string | undefined; headers?: Record<string, string>; url?: string } = {},
): Request {
  const headers = new Headers({
    'content-type': 'application/json',
    'sec-fetch-site': 'same-origin',
    'x-booking-client': '1',
    ...opts.headers,
  });
  if (opts.cookie) headers.set('cookie', opts.cookie);
  return new Request(opts.url ?? `${SITE}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The `name=value` pair of the booking cookie a response sets ('' when it clears it). */
export function cookieOf(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?booking=/.test(c));
  return header?.split(';')[0];
}

export function selectionOf(stay: Stay, extra: Record<string, unknown> = {}) {
  return {
    houseId: stay.houseId,
    startDate: stay.startDate,
    endDate: stay.endDate,
    party: { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 },
    preferenceIds: [],
    services: [],
    cancellationFund: false,
    ...extra,
  };
}

export function preRegisterBody(stay: Stay, extra: Record<string, unknown> = {}, locale = 'nl') {
  return { locale, selection: selectionOf(stay, extra), guest: GUEST };
}

/** Bookable stays from the sandbox's own data (never hard-coded dates), at least `minDaysAhead` out. */
export async function findStays(
  hooks: ReturnType<typeof sandboxHooks>,
  opts: { count: number; minDaysAhead?: number; minUnits?: number; houseId?: number },
): Promise<Stay[]> {
  const today = new Date();
  const earliest = new Date(today.getTime() + (opts.minDaysAhead ?? 0) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const search = await hooks.partner<{ houseList: { houseId: number }[] }>('searchHouses?adults=2');
  const houses = opts.houseId ? [opts.houseId] : search.houseList.map((h) => h.houseId);
  const stays: Stay[] = [];
  for (const houseId of houses) {
    const details = await hooks.partner<{ availableStartDates?: string[] }>(
      `houseDetails/${houseId}?adults=2`,
    );
    for (const start of (details.availableStartDates ?? [])
      .map((d) => d.slice(0, 10))
      .filter((d) => d >= earliest)) {
      const withStart = await hooks.partner<{ availableEndDates?: string[] }>(
        `houseDetails/${houseId}?adults=2&startDate=${start}`,
      );
      const end = withStart.availableEndDates?.[0]?.slice(0, 10);
      if (!end) continue;
      const units = await hooks.partner<{ unitId: number }[]>(
        `availableHouseUnits?houseId=${houseId}&adults=2&startDate=${start}&endDate=${end}`,
      );
      if (units.length < (opts.minUnits ?? 1)) continue;
      // Stays of one house must not overlap, or one booking would take another's unit.
      if (stays.some((s) => s.houseId === houseId && s.startDate < end && start < s.endDate)) continue;
      stays.push({ houseId, startDate: start, endDate: end, unitIds: units.map((u) => u.unitId) });
      if (stays.length >= opts.count) return stays;
    }
  }
  return stays;
}
