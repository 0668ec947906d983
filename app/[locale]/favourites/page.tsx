import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buildPageMetadata } from '@/lib/seo/social';
import { FavouritesList } from '@/components/favourites/favourites-list';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';
import { pageMetadataBase } from '@/lib/seo/page-base';

export async function generateMetadata({ params }: PageProps<'/[locale]/favourites'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'favourites.page' });
  return {
    ...buildPageMetadata({
      ...(await pageMetadataBase(locale, '/favourites')),
      title: t('title'),
      description: t('description'),
    }),
    // Each guest's list is in their own browser: the page a crawler sees is always empty.
    robots: { index: false, follow: true },
  };
}

/**
 * /{locale}/favourites: the houses this browser keeps. The server renders the page without the
 * list (it is in the guest's browser storage and nowhere else); the list shows once the page's
 * script runs.
 */
export default async function FavouritesPage({ params }: PageProps<'/[locale]/favourites'>) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('favourites.page');
  return (
    <ClientMessagesProvider scope="favourites" locale={locale}>
      <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-800">{t('intro')}</p>
        <noscript>
          <p className="text-slate-800">{t('noScript')}</p>
        </noscript>
        <FavouritesList />
      </div>
    </ClientMessagesProvider>
  );
}
