import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

// Locale negotiation only (`/` → Accept-Language). Authorization and validation live in
// every route handler, never here.
export default createMiddleware(routing);

export const config = {
  matcher: '/((?!api|_next|_vercel|__|.*\\..*).*)',
};
