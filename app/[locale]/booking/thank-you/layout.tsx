import { setRequestLocale } from 'next-intl/server';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';

/**
 * The thank-you page's messages, given here rather than by the page so the segment's error
 * boundary, which renders in place of the page, has its texts too.
 */
export default async function ThankYouLayout({
  children,
  params,
}: LayoutProps<'/[locale]/booking/thank-you'>) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessagesProvider scope="thankYou" locale={locale}>
      {children}
    </ClientMessagesProvider>
  );
}
