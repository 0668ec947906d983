import { LOCALES } from './i18n/locales';

/**
 * The security headers of every answer: a strict content security policy (scripts only with this
 * request's nonce), no framing, no MIME sniffing, no referrer beyond the origin. Pure, so it is
 * unit-tested and shared by the proxy (pages, with a per-request nonce) and the site's HTTP server
 * (every other answer: JSON, static files, 404s outside the proxy's paths, refused requests).
 * Booking pages carry guest choices and a session, so no cache may store them.
 */
const BOOKING_PATH = new RegExp(`^/(${LOCALES.join('|')})/(book|booking)(/|$)`);

function policy(scriptSrc: string, dev: boolean): string {
  return [
    `default-src 'self'`,
    `script-src ${scriptSrc}${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:${dev ? ' http:' : ''}`,
    `font-src 'self' data:`,
    `connect-src 'self'${dev ? ' ws:' : ''}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    `form-action 'self'`,
  ].join('; ');
}

export function contentSecurityPolicy(nonce: string, dev = process.env.NODE_ENV === 'development'): string {
  return policy(`'self' 'nonce-${nonce}' 'strict-dynamic'`, dev);
}

/** Headers that do not depend on the request. */
const FIXED_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export function securityHeaders(nonce: string, pathname: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': contentSecurityPolicy(nonce), ...FIXED_HEADERS };
  if (BOOKING_PATH.test(pathname)) headers['cache-control'] = 'private, no-store';
  return headers;
}

/**
 * The headers every answer starts with, before Next.js handles it. Pages replace the policy with
 * their nonce one; without a nonce no inline script runs, so an HTML answer that is not a page
 * (a 404 for `/x.y`) is inert, and Next.js sets its own stricter policy on optimized images.
 */
export function baselineSecurityHeaders(dev = process.env.NODE_ENV === 'development'): Record<string, string> {
  return { 'content-security-policy': policy(`'self'`, dev), ...FIXED_HEADERS };
}
