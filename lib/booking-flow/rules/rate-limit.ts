import 'server-only';
import { getSiteEnv } from '@/lib/env';
import { getPartnerConfig } from '@/lib/partner-api/config';
import { clientAddressKey } from '@/lib/http/client-address';
import { createFixedWindows, type FixedWindows, type WindowLimit } from '@/lib/http/fixed-windows';
import { problem } from '@/lib/http/problem';

/**
 * Inbound limits on the booking writes, in fixed windows, per instance. They keep one visitor
 * from spending the partner's quota or locking units with holds, without letting that visitor
 * lock anyone else out:
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

const holder = globalThis as unknown as { __pbsBookingLimits?: FixedWindows };

function windows(): FixedWindows {
  holder.__pbsBookingLimits ??= createFixedWindows(50_000);
  return holder.__pbsBookingLimits;
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
export function checkSessionLimit(
  op: LimitedOperation,
  sid: string | undefined,
  now = Date.now(),
): Response | null {
  if (!sid) return null;
  const { perSession, windowMs } = RATE_LIMITS[op];
  const wait = windows().admit([{ key: `${op}:session:${sid}`, limit: perSession, windowMs }], now);
  return wait === null ? null : tooMany(wait);
}

/**
 * The per-client limit and the site-wide ceiling: call it once the request is known to be valid,
 * just before the work the limits protect. A 429 problem with Retry-After, else null.
 */
export function checkClientLimit(
  op: LimitedOperation,
  req: Request,
  now = Date.now(),
  trustedHops?: number,
  partnerLimitPerMin = getPartnerConfig().rateLimitPerMin,
): Response | null {
  const { perClient, perSite, windowMs } = RATE_LIMITS[op];
  const client = clientKey(req, trustedHops);
  const limits: WindowLimit[] = [
    { key: `${op}:client:${client}`, limit: perClient, windowMs },
    { key: `${op}:site`, limit: perSite, windowMs },
  ];
  if (op === 'preRegister') {
    limits.push({
      key: `${op}:client-minute:${client}`,
      limit: holdsPerClientMinute(partnerLimitPerMin),
      windowMs: 60_000,
    });
  }
  const wait = windows().admit(limits, now);
  return wait === null ? null : tooMany(wait);
}

/** For tests: forget every window. */
export function resetRateLimits(): void {
  windows().clear();
}
