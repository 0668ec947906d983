import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { pageRoute, pageTarget } from '@/lib/seo/page-params';

/**
 * Which answers may be the same bytes for every guest, and the pieces the site server needs to
 * serve them that way: the hashes of a page's inline scripts, and the key a stored page is found by.
 */

/**
 * The pages whose content depends only on the address and the partner's cached answers: home,
 * search and a house (lib/seo/page-params.ts names them and the parameters each reads). Booking
 * pages and the thank-you page carry the guest's session and data, so they never match.
 */
export function isShareablePath(pathname: string): boolean {
  const route = pageRoute(pathname);
  return route !== null && route !== 'search-api';
}

/**
 * The booking session cookie's two names (lib/session/booking-session.ts: `__Host-booking` on
 * https sites, `booking` otherwise). A guest in the middle of a booking never gets a stored page
 * nor adds one, even on pages that do not read the cookie today.
 */
export const BOOKING_COOKIE_NAMES: readonly string[] = ['booking', '__Host-booking'];

export function hasBookingSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const name = pair.slice(0, pair.includes('=') ? pair.indexOf('=') : undefined).trim();
    return BOOKING_COOKIE_NAMES.includes(name);
  });
}

/**
 * Headers with which the App Router asks for something other than the whole HTML document
 * (an RSC payload for a client-side navigation or a prefetch). Such requests are never served a
 * stored page and never store one.
 */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
];

/** A query that could name `_rsc`: it spells `rsc` or escapes a character (`_%72sc`). */
const MAY_NAME_RSC = /rsc|%/i;

/**
 * Whether a request asks for a whole shareable page: GET or HEAD, a shareable path, no router
 * header, no `_rsc` cache-buster. The session cookie is checked separately: such a request still
 * gets the hash policy, it only bypasses the store.
 */
export function isShareablePageRequest(
  method: string | undefined,
  target: string,
  headers: IncomingHttpHeaders,
): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (ROUTER_HEADERS.some((name) => headers[name] !== undefined)) return false;
  const query = target.indexOf('?');
  if (!isShareablePath(query < 0 ? target : target.slice(0, query))) return false;
  // The query is parsed only when it could name `_rsc` at all (most queries cannot).
  const search = query < 0 ? '' : target.slice(query + 1);
  return !(MAY_NAME_RSC.test(search) && new URLSearchParams(search).has('_rsc'));
}

export type ShareableKind = 'page' | 'data';

/**
 * Which kind of shareable answer a request asks for: a whole page (see isShareablePageRequest),
 * a JSON answer of the search API (GET or HEAD), or null for anything else. The search API's
 * answers depend only on the address and the partner's cached answers, like the pages; they carry
 * no markup, so they need no policy hashes.
 */
export function shareableKind(
  method: string | undefined,
  target: string,
  headers: IncomingHttpHeaders,
): ShareableKind | null {
  if (isShareablePageRequest(method, target, headers)) return 'page';
  if (method !== 'GET' && method !== 'HEAD') return null;
  const query = target.indexOf('?');
  return pageRoute(query < 0 ? target : target.slice(0, query)) === 'search-api' ? 'data' : null;
}

/**
 * The address a shareable answer is stored under and rendered for: the path and the parameters
 * the page reads, as asked for (the rendered page embeds them, in its links and in the router
 * state, so two spellings of the same search are two pages); click ids, campaign tags and
 * parameters no page reads are left out, so every guest of one campaign link gets one page.
 */
export { pageTarget };

/**
 * The key of a stored page: its page target (above) and the day the page was rendered on (pages
 * count nights and offer dates from today).
 */
export function pageKey(target: string, today: string): string {
  return `${today} ${pageTarget(target)}`;
}

// HTML separates attributes with ASCII whitespace only, which these spell out (`\s` would also
// take characters a page handed over as bytes may show, see below).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\t\n\f\r ]*>/gi;
const SRC_ATTRIBUTE = /[\t\n\f\r ]src[\t\n\f\r ]*=/i;
const TYPE_ATTRIBUTE = /[\t\n\f\r ]type[\t\n\f\r ]*=[\t\n\f\r ]*["']?([^"'\t\n\f\r >]*)/i;
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The CSP source expressions (`sha256-<base64>`) of every inline script in a page, in order,
 * without repeats. A script with `src` loads from this origin; a data block (JSON-LD) never runs,
 * so neither needs one. The browser hashes a script's text after turning CR LF and CR into LF,
 * so the same is done here. React escapes `</script` inside script text, so the first closing
 * tag always ends the script.
 *
 * A page may be handed over as its UTF-8 bytes: it is then read one byte a character (latin1)
 * and each script's characters hashed back as those bytes, which gives the hashes of its text
 * without decoding a page of a hundred kilobytes as UTF-8 for a few scripts; the markup the
 * expressions look for is ASCII, which no byte of a longer character can be.
 */
export function inlineScriptHashes(page: string | Buffer): string[] {
  const [html, encoding] =
    typeof page === 'string' ? [page, 'utf8' as const] : [page.toString('latin1'), 'latin1' as const];
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    const text = (match[2] ?? '').replace(/\r\n?/g, '\n');
    hashes.add(`sha256-${createHash('sha256').update(text, encoding).digest('base64')}`);
  }
  return [...hashes];
}

/** The nonces a page's markup carries (none on a shareable page). */
export function nonceAttributes(html: string): string[] {
  return [...html.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1] ?? '');
}
