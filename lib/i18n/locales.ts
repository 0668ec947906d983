/**
 * The site's locales: the one list that routing, formatting, the guest form and the session
 * schema share. A plain module (no next-intl import), so lib/booking and tests may use it.
 */
export const LOCALES = ['nl', 'en', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
