import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { securityHeaders } from './lib/security-headers';

const intl = createMiddleware(routing);

/**
 * Locale negotiation (`/` → Accept-Language) and the security headers of every page
 * (checklist 26): a per-request nonce CSP with 'strict-dynamic', which Next.js applies to its own
 * scripts. Authorization and validation live in every route handler, never here.
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
