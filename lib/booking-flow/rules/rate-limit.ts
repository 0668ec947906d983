import 'server-only';
import { randomUUID } from 'node:crypto';
import { getSiteEnv } from '@/lib/env';
import { processSingleton, replaceProcessSingleton } from '@/lib/process-singleton';
import { getPartnerConfig } from '@/lib/partner-api/config';
import { clientAddressKey } from '@/lib/http/client-address';
import type { WindowLimit } from '@/lib/upstream/fixed-windows';
import { problem } from '@/lib/http/problem';
import { admitWindows } from '../records/store';

/**
 * Inbound limits on the booking writes, in fixed windows kept in the shared store: with
 * `REDIS_URL` every instance counts against the same windows, so a client that spreads its
 * requests over a fleet gets no more than from one instance (each instance counts alone while
 * Redis is unreachable). They keep one visitor from spending the partner's quota or locking units
 * with holds, without letting that visitor lock anyone else out:
 *
 * - per booking session: counted on every request that carries the session, valid or not, since
 *   it can only ever refuse the guest who holds that cookie;
 * - per client address (lib/http/client-address.ts: the socket's address, or the hop our own
 *   proxy appended): counted only once the request has passed validation, so a flood of
 *   malformed bodies costs its sender nothing from anyone's budget. Refusing them costs the site
 *   only the parsing of at most 16 KB, so they get no budget of their own;
 * - per instance, for every client together: a ceiling far above one client's, counted only for
 *   requests every other limit let through, so the site as a whole stays capped while a client
 *   over its own limit cannot spend the others' share.
 */

export type LimitedOperation = 'preRegister' | 'finalize' | 'close';

export interface OperationLimits {
  perSession: number;
  perClient: number;
  /** Every client of this instance together. */
  perSite: number;
  windowMs: number;
}

export const RATE_LIMITS: Readonly<Record<LimitedOperation, OperationLimits>> = {
  preRegister: { perSession: 30, perClient: 200, perSite: 2_000, windowMs: 10 * 60_000 },
  finalize: { perSession: 20, perClient: 120, perSite: 1_200, windowMs: 10 * 60_000 },
  close: { perSession: 10, perClient: 300, perSite: 3_000, windowMs: 10 * 60_000 },
};

/** Names this process in the per-instance ceiling's key, which the shared store keeps apart. */
function instanceId(): string {
  return processSingleton('booking-flow.instance-id', () => randomUUID());
}

const LIMIT_KEYS = 'booking-flow.limit-keys';

/**
 * Counts a request in windows of the shared store (see above), the same for every inbound limit
 * of the site: the booking steps', the price quotes' and the link check's. The seconds to wait,
 * or null. Every instance's keys must be the same to share the windows; only tests move to new ones.
 */
export function admitShared(limits: readonly WindowLimit[], now = Date.now()): Promise<number | null> {
  const prefix = processSingleton(LIMIT_KEYS, () => 'inbound-limit:v1');
  return admitWindows(
    limits.map((limit) => ({ ...limit, key: `${prefix}:${limit.key}` })),
    now,
  );
}

/** A window key of this instance alone: a ceiling for all clients of one instance. */
export function perInstance(key: string): string {
  return `${key}:${instanceId()}`;
}

/** Partner calls one hold costs: the fresh re-check reads of the stay, then pre-register itself. */
const CALLS_PER_HOLD = 4;

/**
 * Holds one client may place in a minute: a third of what the partner's quota allows in a minute
 * (the site's 90 % share of it, at CALLS_PER_HOLD calls each), and at least 3. The ten-minute
 * budgets above are far larger than one minute of the partner's quota, so without this one
 * client's valid pre-registers could spend the whole minute's quota, the booking reserve with it,
 * and other guests would meet "busy" (7 a minute at the partner's 100 calls).
 */
export function holdsPerClientMinute(partnerLimitPerMin: number): number {
  return Math.max(3, Math.floor((partnerLimitPerMin * 0.9) / CALLS_PER_HOLD / 3));
}

function tooMany(retryAfterSeconds: number): Response {
  return problem({
    status: 429,
    code: 'too_many_requests',
    title: 'Too many booking requests. Please wait a moment.',
    retryAfterSeconds,
  });
}

/** The limiter key of the client that sent `req`; TRUST_PROXY says how many proxies we run. */
export function clientKey(req: Request, trustedHops = getSiteEnv().TRUST_PROXY): string {
  return clientAddressKey(req.headers, trustedHops);
}

/**
 * The per-session limit: call it as soon as the session is known, before the body is checked.
 * A 429 problem with Retry-After when the session is over its limit, else null.
 */
export async function checkSessionLimit(
  op: LimitedOperation,
  sid: string | undefined,
  now = Date.now(),
): Promise<Response | null> {
  if (!sid) return null;
  const { perSession, windowMs } = RATE_LIMITS[op];
  const wait = await admitShared([{ key: `${op}:session:${sid}`, limit: perSession, windowMs }], now);
  return wait === null ? null : tooMany(wait);
}

/**
 * The per-client limit and the site-wide ceiling: call it once the request is known to be valid,
 * just before the work the limits protect. A 429 problem with Retry-After, else null.
 */
export async function checkClientLimit(
  op: LimitedOperation,
  req: Request,
  now = Date.now(),
  trustedHops?: number,
  partnerLimitPerMin = getPartnerConfig().rateLimitPerMin,
): Promise<Response | null> {
  const { perClient, perSite, windowMs } = RATE_LIMITS[op];
  const client = clientKey(req, trustedHops);
  const limits: WindowLimit[] = [
    { key: `${op}:client:${client}`, limit: perClient, windowMs },
    { key: perInstance(`${op}:site`), limit: perSite, windowMs },
  ];
  if (op === 'preRegister') {
    limits.push({
      key: `${op}:client-minute:${client}`,
      limit: holdsPerClientMinute(partnerLimitPerMin),
      windowMs: 60_000,
    });
  }
  const wait = await admitShared(limits, now);
  return wait === null ? null : tooMany(wait);
}

/** For tests: count afresh from now on, under keys no earlier test used. */
export function resetRateLimits(): void {
  replaceProcessSingleton(LIMIT_KEYS, `inbound-limit:${randomUUID()}`);
}
