/** Shared test helpers: an in-process sandbox on a random port, and a small API client. */
import { request as httpRequest } from 'node:http';
import { BOOKING_PREFIX } from '@/lib/partner-api/operations';
import { PARTNER_DATE_TIME } from '@/lib/partner-api/schemas';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../src/server';

export const AUTH = { 'x-security-key': 'demo-key', 'x-partner': 'demo-partner' } as const;
export const P = BOOKING_PREFIX;
/** A fixed clock (a Thursday in January) keeps availability and prices reproducible. */
export const FIXED_NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
export const DAY_MS = 86_400_000;

export interface Api {
  readonly sandbox: SandboxHandle;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  send(method: string, path: string, headers?: Record<string, string>): Promise<Response>;
  hook(path: string, method?: string, body?: unknown): Promise<Response>;
  json<T = unknown>(res: Response): Promise<T>;
}

export async function openSandbox(opts: SandboxOptions = {}): Promise<Api> {
  // `full` and `enforced` unless a test asks otherwise: these suites check the sandbox's own
  // behaviour, whatever SANDBOX_FIELDS or SANDBOX_PREFERENCES the surrounding run sets for the
  // site's suites.
  const sandbox = await startSandbox({
    port: 0,
    latencyMs: 0,
    now: () => FIXED_NOW,
    fields: 'full',
    preferences: 'enforced',
    ...opts,
  });
  const base = sandbox.url;
  return {
    sandbox,
    get: (path, headers = {}) => fetch(base + path, { headers: { ...AUTH, ...headers } }),
    post: (path, body, headers = {}) =>
      fetch(base + path, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    send: (method, path, headers = { ...AUTH }) => fetch(base + path, { method, headers }),
    hook: (path, method = 'GET', body) =>
      fetch(`${base}/__sandbox${path}`, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    json: async <T>(res: Response) => (await res.json()) as T,
  };
}

/** `YYYY-MM-DD` of FIXED_NOW + n days. */
export function dayAfter(n: number, from = FIXED_NOW): string {
  return new Date(from + n * DAY_MS).toISOString().slice(0, 10);
}

/** A GET with a JSON body, which fetch refuses to send. */
export function getWithBody(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'GET',
        headers: {
          ...AUTH,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every date-like string anywhere in a payload; each must be in the documented form. */
export function collectDates(value: unknown, key = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => collectDates(v, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => collectDates(v, k));
  return typeof value === 'string' && /date|Dates|ExpiresAt/i.test(key) ? [value] : [];
}

export function expectPartnerDates(payload: unknown): number {
  const dates = collectDates(payload);
  for (const d of dates)
    if (!PARTNER_DATE_TIME.test(d)) throw new Error(`date not in the partner form: ${d}`);
  return dates.length;
}

export const GUEST = {
  firstname: 'Jan',
  insertion: 'van der',
  lastName: 'Berg',
  address: 'Dorpsstraat',
  houseNr: '12a',
  zipCode: '1234 AB',
  city: 'Utrecht',
  email: 'jan@example.nl',
  phoneNumber: '+31 30 123 4567',
  countryCode: 'NL',
  language: 'NL',
};

/** A stay the sandbox will accept for this house: the first valid arrival at least `minAhead` days out. */
export async function bookableStay(
  api: Api,
  houseId: number,
  minAhead = 1,
  query = '',
): Promise<{ startDate: string; endDate: string }> {
  const details = await api.json<{ availableStartDates: string[] }>(
    await api.get(`${P}/houseDetails/${houseId}?${query}`),
  );
  const earliest = dayAfter(minAhead);
  const startDate = details.availableStartDates.map((d) => d.slice(0, 10)).find((d) => d >= earliest);
  if (!startDate) throw new Error(`house ${houseId} has no arrival from ${earliest}`);
  const withStart = await api.json<{ availableEndDates: string[] }>(
    await api.get(`${P}/houseDetails/${houseId}?startDate=${startDate}&${query}`),
  );
  const endDate = withStart.availableEndDates[0]?.slice(0, 10);
  if (!endDate) throw new Error(`house ${houseId} has no departure for ${startDate}`);
  return { startDate, endDate };
}
