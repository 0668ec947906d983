import { defineRouting } from 'next-intl/routing';

export const routing = defineRouting({
  locales: ['nl', 'en', 'de', 'fr'],
  defaultLocale: 'nl',
  localePrefix: 'always',
  // The guest's choice is the URL; no sticky cookie, so shared deep links open as sent.
  localeCookie: false,
});

export type AppLocale = (typeof routing.locales)[number];

/** The partner's `language` header for a page locale. */
export function partnerLanguage(locale: string): 'NL' | 'EN' | 'DE' | 'FR' {
  const upper = locale.toUpperCase();
  return upper === 'EN' || upper === 'DE' || upper === 'FR' ? upper : 'NL';
}
