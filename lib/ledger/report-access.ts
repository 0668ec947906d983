import 'server-only';
import { getSiteEnv, isSecureSite } from '@/lib/env';
import { getLedger } from './ledger';
import { readReportCookie, reportCookieName, reportCookieValue } from './report-cookie';

/**
 * Who may read the partner report in a browser: whoever holds the report cookie made for the
 * configured PARTNER_REPORT_TOKEN (lib/ledger/report-cookie.ts). The cookie's HMAC is keyed with
 * SESSION_SECRET when the site has one, else with the token itself.
 */

/** The report token, or null when there is no report (no token, or the ledger off). */
export function configuredReportToken(): string | null {
  return getLedger()?.settings.reportToken ?? null;
}

function cookieKey(token: string): string {
  return getSiteEnv().SESSION_SECRET ?? token;
}

export function newReportCookieValue(token: string, now = Date.now()): string {
  return reportCookieValue(token, cookieKey(token), now);
}

/** The report cookie's value in a Cookie header, if any. */
export function reportCookieIn(cookieHeader: string | null): string | undefined {
  const name = reportCookieName(isSecureSite());
  for (const part of (cookieHeader ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

/** Whether `value` opens the report made for `token`. */
export function reportCookieOpens(value: string | undefined, token: string, now = Date.now()): boolean {
  return readReportCookie(value, token, cookieKey(token), now);
}
