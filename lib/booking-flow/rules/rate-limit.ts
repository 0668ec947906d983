import 'server-only';
import { LRUCache } from 'lru-cache';
import { getSiteEnv } from '@/lib/env';
import { problem } from '@/lib/http/problem';

/**
 * Inbound limits on the booking writes: per booking session and per client address, in fixed
 * windows, per instance. They keep one visitor from spending the partner's quota or locking
 * units with holds.
 *
 * The client address comes only from a proxy we run (TRUST_PROXY=1: the last X-Forwarded-For
 * hop, the one our proxy appended). Without it the address is unknown, since Next.js keeps an
 * X-Forwarded-For the client sent itself; then every client shares the per-address budget,
 * which still caps what the site as a whole can send to the partner.
 */

export type LimitedOperation = 'preRegister' | 'finalize' | 'close';

export const RATE_LIMITS: Readonly<
  Record<LimitedOperation, { perSession: number; perClient: number; windowMs: number }>
> = {
  preRegister: { perSession: 30, perClient: 200, windowMs: 10 * 60_000 },
  finalize: { perSession: 20, perClient: 120, windowMs: 10 * 60_000 },
  close: { perSession: 10, perClient: 300, windowMs: 10 * 60_000 },
};

interface Window {
  start: number;
  count: number;
}

const holder = globalThis as unknown as { __pbsBookingLimits?: LRUCache<string, Window> };

function windows(): LRUCache<string, Window> {
  holder.__pbsBookingLimits ??= new LRUCache<string, Window>({ max: 50_000 });
  return holder.__pbsBookingLimits;
}

/** Counts one request against a key; the seconds to wait when it is over the limit. */
function hit(key: string, limit: number, windowMs: number, now: number): number | null {
  const store = windows();
  let w = store.get(key);
  if (!w || now - w.start >= windowMs) w = { start: now, count: 0 };
  w.count += 1;
  store.set(key, w, { ttl: windowMs });
  return w.count > limit ? Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) : null;
}

export function clientKey(req: Request, trustProxy = getSiteEnv().TRUST_PROXY === '1'): string {
  if (!trustProxy) return 'unknown';
  const hops = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const last = hops.at(-1);
  return last && /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last : 'unknown';
}

/** A 429 problem with Retry-After when over a limit, else null (and the request is counted). */
export function checkRateLimit(
  op: LimitedOperation,
  req: Request,
  sid: string | undefined,
  now = Date.now(),
): Response | null {
  const limits = RATE_LIMITS[op];
  const waits = [hit(`${op}:client:${clientKey(req)}`, limits.perClient, limits.windowMs, now)];
  if (sid) waits.push(hit(`${op}:session:${sid}`, limits.perSession, limits.windowMs, now));
  const wait = Math.max(...waits.map((w) => w ?? 0));
  if (wait === 0) return null;
  return problem({
    status: 429,
    code: 'too_many_requests',
    title: 'Too many booking requests. Please wait a moment.',
    retryAfterSeconds: wait,
  });
}

/** For tests: forget every window. */
export function resetRateLimits(): void {
  windows().clear();
}
