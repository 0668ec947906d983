import 'server-only';
import { admitShared, clientKey, perInstance } from '@/lib/booking-flow/rules/rate-limit';
import { problem } from '@/lib/http/problem';

/**
 * Inbound limits on the link check, in the booking routes' shared fixed windows: per client
 * address for the whole fleet, and a ceiling for all clients of an instance together. A partner
 * checks a link now and then; a flood of checks would only spend the browsing share of the
 * partner's quota.
 */
export const LINK_CHECK_LIMITS = { perClient: 30, perSite: 600, windowMs: 60_000 } as const;

/** A 429 problem with Retry-After when the client or the site is over its limit, else null (and counted). */
export async function checkLinkCheckLimit(
  req: Request,
  now = Date.now(),
  trustedHops?: number,
): Promise<Response | null> {
  const { perClient, perSite, windowMs } = LINK_CHECK_LIMITS;
  const wait = await admitShared(
    [
      { key: `link-check:client:${clientKey(req, trustedHops)}`, limit: perClient, windowMs },
      { key: perInstance('link-check:site'), limit: perSite, windowMs },
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
