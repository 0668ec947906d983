import { isLocale, type Locale } from '@/lib/i18n/locales';

/** The page locale as the money/date helpers type it (the routing only lets the four through). */
export function toLocale(value: string): Locale {
  return isLocale(value) ? value : 'nl';
}
