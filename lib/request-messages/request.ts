import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { loadMessages } from '@/lib/i18n/messages';
import { routing } from '@/lib/i18n/routing';
import { getSiteBrand } from '@/lib/site-content/brand';

/**
 * next-intl's request configuration (next.config.mjs): each request's locale and messages. The
 * partner's site name (the site content's brand) replaces `meta.siteName` here, once, so the
 * header, the footer, every title and share preview, and the client components all say it. It
 * lives outside lib/i18n, which the site content itself builds on.
 */
function withSiteName(messages: Record<string, unknown>, siteName: string | undefined): Record<string, unknown> {
  if (siteName === undefined) return messages;
  const meta = (messages.meta ?? {}) as Record<string, unknown>;
  return { ...messages, meta: { ...meta, siteName } };
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    timeZone: 'Europe/Amsterdam',
    messages: withSiteName(await loadMessages(locale), getSiteBrand().name(locale)),
  };
});
