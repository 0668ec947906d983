import 'server-only';
import { LRUCache } from 'lru-cache';
import { getSiteEnv } from '@/lib/env';
import { problem } from './problem';

/**
 * Inbound limits on the booking writes (checklist 20): they protect the partner's quota and
 * its holds from one client. Per instance, in memory (a fleet of N instances allows N times as
 * much, which the partner quota governor still caps). The client IP comes only from the trusted
 * proxy: the rightmost X-Forwarded-For entry, which the proxy appended, so a client rotating the
 * values it sends itself does not get a fresh counter. Without a trusted proxy all anonymous
 * clients share one counter per route.
 */
export interface InboundRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export const INBOUND_RULES = {
  'pre-register': { limit: 20, windowMs: 60_000 },
  finalize: { limit: 10, windowMs: 60_000 },
} as const satisfies Record<string, InboundRule>;

interface Window {
  start: number;
  count: number;
}

const windows = new LRUCache<string, Window>({ max: 50_000, ttl: 10 * 60_000 });

export function clientIp(req: Request, trustProxy = getSiteEnv().TRUST_PROXY === '1'): string {
  if (!trustProxy) return 'untrusted';
  const forwarded = req.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last && /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last : 'unknown';
}

function hit(key: string, rule: InboundRule, now: number): number | null {
  const current = windows.get(key);
  if (!current || now - current.start >= rule.windowMs) {
    windows.set(key, { start: now, count: 1 });
    return null;
  }
  current.count += 1;
  if (current.count <= rule.limit) return null;
  return Math.ceil((current.start + rule.windowMs - now) / 1000);
}

/** Counts the request against its IP and (when known) its session; a Response when over the limit. */
export function limitInbound(
  req: Request,
  route: keyof typeof INBOUND_RULES,
  sessionKey?: string,
  now = Date.now(),
  trustProxy = getSiteEnv().TRUST_PROXY === '1',
): Response | null {
  const rule = INBOUND_RULES[route];
  const ip = clientIp(req, trustProxy);
  // Without a trusted proxy every guest shares the "untrusted" counter: allow far more there.
  const byIp = hit(`${route}:ip:${ip}`, ip === 'untrusted' ? { ...rule, limit: rule.limit * 50 } : rule, now);
  const bySession = sessionKey ? hit(`${route}:sid:${sessionKey}`, rule, now) : null;
  const wait = Math.max(byIp ?? 0, bySession ?? 0);
  if (byIp === null && bySession === null) return null;
  return problem({ status: 429, code: 'too_many_requests', title: 'Too many requests. Please wait a moment.', retryAfterSeconds: Math.max(1, wait) });
}

/** Test support: forget every window. */
export function resetInboundLimits(): void {
  windows.clear();
}
