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

const loaded = new Map<Locale, Promise<Record<string, unknown>>>();

/**
 * The locale's messages, read and merged once per process: every page render asks for them
 * (lib/request-messages/request.ts), and the files do not change while the site runs. Shared by
 * every request, so nothing may change them (next-intl only reads them).
 */
export function loadMessages(locale: Locale): Promise<Record<string, unknown>> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = readMessages(locale);
    loaded.set(locale, messages);
  }
  return messages;
}

async function readMessages(locale: Locale): Promise<Record<string, unknown>> {
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
