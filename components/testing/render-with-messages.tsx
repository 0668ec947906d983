import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';

/** The HTML a component renders on the server in `locale`, with the site's messages and time zone. */
export async function renderWithMessages(locale: Locale, node: ReactNode): Promise<string> {
  const messages = await loadMessages(locale);
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      {node}
    </NextIntlClientProvider>,
  );
}
