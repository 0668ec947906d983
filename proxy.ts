import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { securityHeaders } from './lib/security-headers';

// No `Link: rel=alternate` header: next-intl builds it from the request's Host, which a client
// chooses, and a cache could then hand a forged origin to everyone. Pages name their language
// versions in their metadata instead, from SITE_URL.
const intl = createMiddleware({ ...routing, alternateLinks: false });

/**
 * Locale negotiation (`/` → Accept-Language) and the security headers of every page: a
 * per-request nonce CSP with 'strict-dynamic', which Next.js applies to its own scripts, so only
 * scripts this server sent can run. Authorization and validation live in every route handler, never here.
 */
export default function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const response = intl(request);
  for (const [name, value] of Object.entries(securityHeaders(nonce, request.nextUrl.pathname))) {
    response.headers.set(name, value);
  }
  return response;
}

export const config = {
  matcher: '/((?!api|_next|_vercel|__|.*\\..*).*)',
};
