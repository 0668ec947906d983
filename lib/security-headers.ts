import { LOCALES } from './i18n/locales';

/**
 * The security headers of every answer: a strict content security policy (scripts only with this
 * request's nonce, or only the inline scripts whose hashes it lists), no framing, no MIME
 * sniffing, no referrer beyond the origin. Pure, so it is unit-tested and shared by the proxy
 * (pages) and the site's HTTP server (every other answer: JSON, static files, 404s outside the
 * proxy's paths, refused requests; and the hashes of shareable pages).
 * Booking pages carry guest choices and a session, so no cache may store them.
 */
const BOOKING_PATH = new RegExp(`^/(${LOCALES.join('|')})/(book|booking)(/|$)`);
/** The partner report page carries one partner's figures: no cache may store it either. */
const PRIVATE_PATH = new RegExp(`^/(${LOCALES.join('|')})/partners/report(/|$)`);

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

/**
 * The policy of a page whose bytes are the same for every guest (server/page-store): its own inline
 * scripts by their sha256 hashes (`sha256-<base64>`), and scripts from this origin, which is
 * where Next.js loads every chunk from. No nonce, so the page can be stored and served again by
 * the site and by a shared cache; no 'strict-dynamic', so only what is listed here runs.
 */
export function hashContentSecurityPolicy(
  hashes: readonly string[],
  dev = process.env.NODE_ENV === 'development',
): string {
  return policy([`'self'`, ...hashes.map((hash) => `'${hash}'`)].join(' '), dev);
}

/**
 * Request header the site server sets (and strips from clients) on a request for a page it will
 * serve with a hash policy: the proxy then renders it without a nonce. Without the site server
 * in front (a bare `next start`) no request carries it and every page keeps its nonce.
 */
export const HASH_POLICY_REQUEST_HEADER = 'x-site-hash-policy';

/**
 * Headers that do not depend on the request. Exported for the benchmark, whose bare Next.js
 * reference page is served with them too: the opener policy alone makes Chromium load a page in a
 * browsing context group, and so a renderer process, of its own, which a phone pays for.
 */
export const FIXED_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * The headers of a page. `nonce` null asks for a page without a nonce: its policy allows no
 * inline script until the site server replaces it with the hashes of the page's own (so it fails
 * closed). Booking pages always get their nonce, whatever is asked.
 */
export function securityHeaders(nonce: string | null, pathname: string): Record<string, string> {
  const booking = BOOKING_PATH.test(pathname);
  const csp =
    nonce !== null || booking
      ? contentSecurityPolicy(nonce ?? freshNonce())
      : policy(`'self'`, process.env.NODE_ENV === 'development');
  const headers: Record<string, string> = { 'content-security-policy': csp, ...FIXED_SECURITY_HEADERS };
  if (booking || PRIVATE_PATH.test(pathname)) headers['cache-control'] = 'private, no-store';
  return headers;
}

/** A nonce no other answer carries. */
export function freshNonce(): string {
  return btoa(crypto.randomUUID());
}

/**
 * The headers every answer starts with, before Next.js handles it. Pages replace the policy with
 * their nonce one; without a nonce no inline script runs, so an HTML answer that is not a page
 * (a 404 for `/x.y`) is inert, and Next.js sets its own stricter policy on optimized images.
 */
export function baselineSecurityHeaders(
  dev = process.env.NODE_ENV === 'development',
): Record<string, string> {
  return { 'content-security-policy': policy(`'self'`, dev), ...FIXED_SECURITY_HEADERS };
}
