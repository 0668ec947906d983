/**
 * The consent the site asks for before it pushes any analytics event, when the partner sets
 * ANALYTICS_CONSENT=required: the first-party cookie `analytics_consent=granted`. The partner's
 * consent tool sets it when the guest agrees (on this host, or on a parent domain the site shares
 * with the partner's own pages) and removes it, or sets any other value, when the guest declines
 * or withdraws. A cookie rather than a script call, because the site's content security policy
 * runs no script it did not serve itself, while a cookie can be set from the partner's pages and
 * holds across reloads and tabs. It is read at the moment each event happens: an event before
 * consent is dropped, never queued for later.
 */

export const CONSENT_COOKIE = 'analytics_consent';
export const CONSENT_GRANTED = 'granted';

export type ConsentMode = 'required' | 'not-required';

/** Whether `document.cookie` (or a Cookie header) grants consent. */
export function hasAnalyticsConsent(cookies: string): boolean {
  return cookies.split(';').some((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return false;
    return pair.slice(0, eq).trim() === CONSENT_COOKIE && pair.slice(eq + 1).trim() === CONSENT_GRANTED;
  });
}
