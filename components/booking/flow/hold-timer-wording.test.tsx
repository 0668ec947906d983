import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { HoldSetBy } from '@/lib/booking/hold-rule';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import { HoldTimer } from './hold-timer';

const LAPSES = Date.UTC(2027, 0, 11, 13, 50);

async function render(locale: Locale, setBy?: HoldSetBy): Promise<string> {
  const messages = await loadMessages(locale);
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      <HoldTimer expiresAt={LAPSES} setBy={setBy} locale={locale} onExpire={() => {}} />
    </NextIntlClientProvider>,
  );
  return html.replace(/<[^>]+>/g, '');
}

const PARK = { en: /park/i, nl: /park/i, de: /park/i, fr: /parc/i } as const;
const LOCALES = ['en', 'nl', 'de', 'fr'] as const;

describe('the hold timer’s wording', () => {
  it.each(LOCALES)('in %s, gives the site’s own limit as the site’s, never as the park’s', async (locale) => {
    const site = await render(locale, 'site');
    expect(site).toContain('14:50');
    expect(site).toMatch(/\b30\b/);
    expect(site).not.toMatch(PARK[locale]);
  });

  it.each(LOCALES)('in %s, reads an unsaid rule as the site’s', async (locale) => {
    expect(await render(locale)).toBe(await render(locale, 'site'));
  });

  it.each(LOCALES)('in %s, says the park holds the stay until the time its answer named', async (locale) => {
    const park = await render(locale, 'partner');
    expect(park).toContain('14:50');
    expect(park).toMatch(PARK[locale]);
    expect(park).not.toMatch(/\b30\b/);
  });
});

describe('the messages that explain a hold', () => {
  it.each(LOCALES)('in %s, never say the park holds a stay for a fixed time of its own', async (locale) => {
    const messages = (await loadMessages(locale)) as { booking: { hold: Record<string, string> } };
    for (const message of Object.values(messages.booking.hold)) {
      if (PARK[locale].test(message)) expect(message).not.toMatch(/\b30\b/);
    }
  });
});
