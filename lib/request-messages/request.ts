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

/**
 * The locale's messages with the site name, made once per messages and name rather than on every
 * render: the messages are one object per locale (loadMessages), the name changes only with the
 * site content.
 */
const named = new WeakMap<Record<string, unknown>, Map<string | undefined, Record<string, unknown>>>();

function withSiteNameOnce(messages: Record<string, unknown>, siteName: string | undefined): Record<string, unknown> {
  let byName = named.get(messages);
  if (!byName) {
    byName = new Map();
    named.set(messages, byName);
  }
  let result = byName.get(siteName);
  if (!result) {
    result = withSiteName(messages, siteName);
    // A name that changed leaves its old messages behind: keep the current ones only.
    byName.clear();
    byName.set(siteName, result);
  }
  return result;
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    timeZone: 'Europe/Amsterdam',
    messages: withSiteNameOnce(await loadMessages(locale), getSiteBrand().name(locale)),
  };
});
