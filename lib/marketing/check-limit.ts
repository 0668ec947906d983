import 'server-only';
import { clientKey } from '@/lib/booking-flow/rules/rate-limit';
import { createFixedWindows, type FixedWindows } from '@/lib/http/fixed-windows';
import { problem } from '@/lib/http/problem';

/**
 * Inbound limits on the link check, per instance, in fixed windows like the booking routes'
 * limits: per client address, and a ceiling for all clients together. A partner checks a link
 * now and then; a flood of checks would only spend the browsing share of the partner's quota.
 */
export const LINK_CHECK_LIMITS = { perClient: 30, perSite: 600, windowMs: 60_000 } as const;

const holder = globalThis as unknown as { __pbsLinkCheckLimits?: FixedWindows };

function windows(): FixedWindows {
  holder.__pbsLinkCheckLimits ??= createFixedWindows(20_000);
  return holder.__pbsLinkCheckLimits;
}

/** A 429 problem with Retry-After when the client or the site is over its limit, else null (and counted). */
export function checkLinkCheckLimit(req: Request, now = Date.now(), trustedHops?: number): Response | null {
  const { perClient, perSite, windowMs } = LINK_CHECK_LIMITS;
  const wait = windows().admit(
    [
      { key: `client:${clientKey(req, trustedHops)}`, limit: perClient, windowMs },
      { key: 'site', limit: perSite, windowMs },
    ],
    now,
  );
  if (wait === null) return null;
  return problem({
    status: 429,
    code: 'too_many_requests',
    title: 'Too many link checks. Please wait a moment.',
    retryAfterSeconds: wait,
  });
}

/** For tests: forget every window. */
export function resetLinkCheckLimits(): void {
  windows().clear();
}
