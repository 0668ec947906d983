/**
 * Whose rule the lapse time of a hold is. The partner documents no hold time and its documented
 * answer names no expiry: then the time is the site's own limit, and the page must say it is the
 * site that keeps the stay, not the park. Only an expiry the partner's answer names is the park's.
 */
export type HoldSetBy = 'partner' | 'site';

/** The site's own limit on a hold, in minutes (the booking session lives no longer). */
export const SITE_HOLD_MINUTES = 30;

/** Anything but the partner's own expiry reads as the site's limit: never credit the park with it. */
export function readHoldSetBy(value: unknown): HoldSetBy {
  return value === 'partner' ? 'partner' : 'site';
}
