import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The cookie that lets a partner read the report in a browser after signing in with the report
 * token once. It holds an expiry and an HMAC of the token over that expiry, never the token: a
 * stolen cookie stops working when it expires or the token changes, and does not reveal the
 * token for the CSV's bearer header. Pure (key and time are passed in), so it is unit-tested.
 */

/** A working day: a partner signs in again the next morning. */
export const REPORT_COOKIE_MAX_AGE_S = 8 * 3600;

const VERSION = 'v1';

export function reportCookieName(secureSite: boolean): string {
  // __Host- keeps another subdomain from setting or overwriting it on https sites.
  return secureSite ? '__Host-partner-report' : 'partner-report';
}

function mac(token: string, key: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`partner-report.${VERSION}.${expires}.${token}`)
    .digest('base64url');
}

/** A cookie value valid for REPORT_COOKIE_MAX_AGE_S from `now`. */
export function reportCookieValue(token: string, key: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + REPORT_COOKIE_MAX_AGE_S;
  return `${VERSION}.${expires}.${mac(token, key, expires)}`;
}

/** Whether `value` was made for this token and key and has not expired; compared in constant time. */
export function readReportCookie(
  value: string | undefined,
  token: string,
  key: string,
  now = Date.now(),
): boolean {
  const parts = (value ?? '').split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !/^\d{1,12}$/.test(parts[1]!)) return false;
  const expires = Number(parts[1]);
  if (expires * 1000 <= now) return false;
  const given = Buffer.from(parts[2]!);
  const expected = Buffer.from(mac(token, key, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function cookie(value: string, maxAge: number, secureSite: boolean): string {
  const parts = [
    `${reportCookieName(secureSite)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAge}`,
  ];
  if (secureSite) parts.push('Secure');
  return parts.join('; ');
}

export function setReportCookie(value: string, secureSite: boolean): string {
  return cookie(value, REPORT_COOKIE_MAX_AGE_S, secureSite);
}

export function clearReportCookie(secureSite: boolean): string {
  return cookie('', 0, secureSite);
}
