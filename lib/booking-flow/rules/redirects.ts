import 'server-only';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/locales';

/**
 * Every absolute URL the booking flow hands out. The thank-you URL the partner redirects to
 * after payment is the configured SITE_URL's origin plus a fixed path, or the configured partner
 * thank-you URL; nothing from the request (Host, X-Forwarded-Host, body, query) can reach it, so
 * a forged request cannot turn the site into an open redirect. Pure functions: the route
 * handlers pass in the configuration.
 */

export const THANK_YOU_PATH = '/booking/thank-you';

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

export function buildThankYouUrl(config: ThankYouConfig, locale: string): string {
  const safeLocale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const url = config.partnerThankYouUrl
    ? httpUrl(config.partnerThankYouUrl)
    : new URL(`/${safeLocale}${THANK_YOU_PATH}`, httpUrl(config.siteUrl).origin);
  url.hash = '';
  return url.href;
}
