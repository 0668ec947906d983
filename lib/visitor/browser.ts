import { VISITOR_COOKIE, newVisitorMark, visitorFromCookies } from '@/lib/visitor/mark';

/**
 * Gives this browser its mark (lib/visitor/mark.ts) unless it has one: a session cookie, gone when
 * the browser closes, sent only to this site. Written by the page's script rather than the server,
 * so a stored page stays the same bytes for every guest and a shared cache may keep it.
 */
export function markVisitor(): void {
  if (visitorFromCookies(document.cookie) !== undefined) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VISITOR_COOKIE}=${newVisitorMark()}; Path=/; SameSite=Lax${secure}`;
}
