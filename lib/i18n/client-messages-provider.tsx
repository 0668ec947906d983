import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { CLIENT_MESSAGES, pickMessages, type ClientMessageScope } from './client-messages';

/**
 * Hands the client components below it the messages CLIENT_MESSAGES lists for `scope`, and no
 * others; an enclosing provider's messages do not reach past it.
 */
export async function ClientMessagesProvider({
  scope,
  locale,
  children,
}: {
  scope: ClientMessageScope;
  locale: string;
  children: ReactNode;
}) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider locale={locale} messages={pickMessages(messages, CLIENT_MESSAGES[scope])}>
      {children}
    </NextIntlClientProvider>
  );
}
