import 'server-only';
import { DEFAULT_LOCALE, isLocale } from '@/lib/booking/money';

/**
 * Every absolute URL the booking flow hands out (security checklist 13, 14). The thank-you URL
 * the partner redirects to after payment is the configured SITE_URL's origin plus a fixed path,
 * or the configured partner thank-you URL; nothing from the request (Host, X-Forwarded-Host,
 * body, query) can reach it. Pure functions: the route handlers pass in the configuration.
 */

export const THANK_YOU_PATH = '/booking/thank-you';

/** The opaque, non-personal booking reference added to the thank-you URL. */
export const REFERENCE_PATTERN = /^[0-9A-Z]{4}-[0-9A-Z]{4,6}$/;

export interface ThankYouConfig {
  siteUrl: string;
  partnerThankYouUrl?: string | undefined;
}

function httpUrl(value: string): URL {
  const url = new URL(value);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new Error('thank-you base must be an http(s) URL without credentials');
  }
  return url;
}

export function buildThankYouUrl(config: ThankYouConfig, locale: string, reference?: string): string {
  const safeLocale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const url = config.partnerThankYouUrl
    ? httpUrl(config.partnerThankYouUrl)
    : new URL(`/${safeLocale}${THANK_YOU_PATH}`, httpUrl(config.siteUrl).origin);
  url.hash = '';
  if (reference !== undefined && REFERENCE_PATTERN.test(reference)) url.searchParams.set('ref', reference);
  return url.href;
}

/**
 * A relative path a guest may be sent to, or null: only same-origin paths (a single leading
 * slash, no scheme, no backslash, no control characters) whose pathname matches the allowlist.
 */
export function safeRelativePath(value: unknown, allow: readonly RegExp[]): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://booking.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://booking.invalid') return null;
  if (!allow.some((pattern) => pattern.test(url.pathname))) return null;
  return `${url.pathname}${url.search}`;
}

/** The site's own booking paths a guest may be sent back to. */
export const BOOKING_PATHS: readonly RegExp[] = [
  /^\/(?:nl|en|de|fr)\/book\/[1-9]\d{0,9}$/,
  /^\/(?:nl|en|de|fr)\/booking\/thank-you$/,
  /^\/(?:nl|en|de|fr)\/houses\/[1-9]\d{0,9}$/,
];

/**
 * Whether the partner's paymentUrl may be followed: http(s) without credentials, and from an
 * allowed origin (the sandbox's own origin in sandbox mode); in partner mode any https origin,
 * since the partner names its payment provider and the answer was schema-checked.
 */
export function isAllowedPaymentUrl(
  value: string | null,
  policy: { allowedOrigins: readonly string[]; allowAnyHttps: boolean },
): value is string {
  if (value === null) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (policy.allowedOrigins.includes(url.origin)) return true;
  return policy.allowAnyHttps && url.protocol === 'https:';
}
