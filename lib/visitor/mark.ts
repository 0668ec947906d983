/**
 * The browser mark: a random id the site's script keeps in a session cookie, so the partner calls
 * of guests behind one address (a family's router, an office, a hotel's Wi-Fi) are counted per
 * browser as well as per address (see GovernorOptions.clientShare). A script can make up as many
 * marks as it likes, so a mark never adds to what its address may spend: it only keeps one guest
 * from spending the share of the others behind the same address.
 *
 * Pure, no Next.js: the site server reads it, the browser code writes it.
 */

export const VISITOR_COOKIE = 'visitor';

/** What the site's script writes: 22 characters of base64url (128 random bits). */
const MARK = /^[A-Za-z0-9_-]{16,64}$/;

/** The browser mark in a Cookie header, or undefined when there is none the site could have written. */
export function visitorFromCookies(header: string | readonly string[] | undefined): string | undefined {
  const text = typeof header === 'string' ? header : (header ?? []).join('; ');
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== VISITOR_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return MARK.test(value) ? value : undefined;
  }
  return undefined;
}

/** A new mark from the browser's random source. */
export function newVisitorMark(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
