import type { Locale } from './locales';

/**
 * Messages are split per area (messages/{locale}/{area}.json) so each part of the site owns its
 * file; they are merged into one object per locale.
 */
export const MESSAGE_AREAS = [
  'common',
  'search',
  'house',
  'booking',
  'legal',
  'partners',
  'parks',
  'compare',
] as const;

export async function loadMessages(locale: Locale): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    MESSAGE_AREAS.map(async (area) => {
      try {
        return (await import(`../../messages/${locale}/${area}.json`)).default as Record<string, unknown>;
      } catch {
        return {};
      }
    }),
  );
  return Object.assign({}, ...parts);
}
