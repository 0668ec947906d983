import 'server-only';
import type { PartnerLanguage } from './schemas';

/** The partner's `language` (header and booking field) for a site locale; Dutch when it has none. */
export function toPartnerLanguage(locale: string): PartnerLanguage {
  const upper = locale.toUpperCase();
  return upper === 'EN' || upper === 'DE' || upper === 'FR' ? upper : 'NL';
}
