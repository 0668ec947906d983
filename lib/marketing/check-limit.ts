import 'server-only';
import { LRUCache } from 'lru-cache';
import { clientKey } from '@/lib/booking-flow/rules/rate-limit';
import { problem } from '@/lib/http/problem';

/**
 * Inbound limits on the link check, per instance, in fixed windows like the booking routes'
 * limits: per client address, and a ceiling for all clients together. A partner checks a link
 * now and then; a flood of checks would only spend the browsing share of the partner's quota.
 */
export const LINK_CHECK_LIMITS = { perClient: 30, perSite: 600, windowMs: 60_000 } as const;

interface Window {
  start: number;
  count: number;
}

const holder = globalThis as unknown as { __pbsLinkCheckLimits?: LRUCache<string, Window> };

function windows(): LRUCache<string, Window> {
  holder.__pbsLinkCheckLimits ??= new LRUCache<string, Window>({ max: 20_000 });
  return holder.__pbsLinkCheckLimits;
}

/** A 429 problem with Retry-After when the client or the site is over its limit, else null (and counted). */
export function checkLinkCheckLimit(req: Request, now = Date.now(), trustedHops?: number): Response | null {
  const { perClient, perSite, windowMs } = LINK_CHECK_LIMITS;
  const keys = [
    { key: `client:${clientKey(req, trustedHops)}`, limit: perClient },
    { key: 'site', limit: perSite },
  ].map((entry) => {
    const w = windows().get(entry.key);
    return { ...entry, w: w && now - w.start < windowMs ? w : { start: now, count: 0 } };
  });
  const full = keys.filter(({ w, limit }) => w.count >= limit);
  if (full.length > 0) {
    const wait = Math.max(...full.map(({ w }) => Math.max(1, Math.ceil((w.start + windowMs - now) / 1000))));
    return problem({ status: 429, code: 'too_many_requests', title: 'Too many link checks. Please wait a moment.', retryAfterSeconds: wait });
  }
  for (const { key, w } of keys) {
    w.count += 1;
    windows().set(key, w, { ttl: Math.max(1, w.start + windowMs - now) });
  }
  return null;
}

/** For tests: forget every window. */
export function resetLinkCheckLimits(): void {
  windows().clear();
}
