import { setRequestLocale } from 'next-intl/server';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';

/**
 * The booking flow's messages, given here rather than by the page so the segment's error
 * boundary, which renders in place of the page, has its texts too.
 */
export default async function BookLayout({ children, params }: LayoutProps<'/[locale]/book/[houseId]'>) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <ClientMessagesProvider scope="booking" locale={locale}>
      {children}
    </ClientMessagesProvider>
  );
}
