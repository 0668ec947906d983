import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { freshNonce, HASH_POLICY_REQUEST_HEADER, securityHeaders } from './lib/security-headers';

// No `Link: rel=alternate` header: next-intl builds it from the request's Host, which a client
// chooses, and a cache could then hand a forged origin to everyone. Pages name their language
// versions in their metadata instead, from SITE_URL.
const intl = createMiddleware({ ...routing, alternateLinks: false });

/**
 * Locale negotiation (`/` → Accept-Language) and the security headers of every page: a
 * per-request nonce CSP with 'strict-dynamic', which Next.js applies to its own scripts, so only
 * scripts this server sent can run. Next.js reads the nonce back from this policy; a page the
 * site server marked as shareable gets a policy without one, so Next.js renders it without nonce
 * attributes and the site server lists the hashes of its inline scripts instead (server/page-store).
 * Authorization and validation live in every route handler, never here.
 */
export default function proxy(request: NextRequest) {
  const shareable = request.headers.get(HASH_POLICY_REQUEST_HEADER) === '1';
  const nonce = shareable ? null : freshNonce();
  const response = intl(request);
  for (const [name, value] of Object.entries(securityHeaders(nonce, request.nextUrl.pathname))) {
    response.headers.set(name, value);
  }
  // An address without a language is sent on to the one Accept-Language prefers: the answer
  // depends on that header, and a shared cache must not keep one language's redirect for all.
  if (response.headers.has('location')) {
    response.headers.append('vary', 'Accept-Language');
    response.headers.set('cache-control', 'private, no-store');
  }
  return response;
}

export const config = {
  matcher: '/((?!api|_next|_vercel|__|.*\\..*).*)',
};
