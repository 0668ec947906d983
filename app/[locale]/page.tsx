import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getToday } from '@/lib/booking/dates';
import { parseCriteria } from '@/lib/booking/deep-link';
import { getParkList, type ParkList } from '@/lib/partner-api';
import { buildPageMetadata } from '@/lib/seo/social';
import { SearchForm } from '@/components/search/search-form';
import { searchFormStart } from '@/components/search/search-form-schema';
import { ParksSection } from '@/components/layout/park-list';
import { Notice } from '@/components/ui/notice';
import { CheckIcon } from '@/components/ui/icons';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';
import { pageMetadataBase } from '@/lib/seo/page-base';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return buildPageMetadata({
    ...(await pageMetadataBase(locale, '/')),
    // The bare address picks the language from the browser's own.
    fallbackPath: '/',
    title: t('siteName'),
    absoluteTitle: true,
    description: t('siteDescription'),
  });
}

async function Parks({ locale }: { locale: string }) {
  const t = await getTranslations('home');
  let list: ParkList;
  try {
    list = await getParkList(locale);
  } catch {
    return (
      <section aria-labelledby="parks-heading" className="mx-auto max-w-6xl px-4 py-8">
        <h2 id="parks-heading" className="text-2xl font-bold text-slate-950">
          {t('parks')}
        </h2>
        <Notice tone="warning" className="mt-4">
          <p>{t('unavailable')}</p>
        </Notice>
      </section>
    );
  }
  return <ParksSection parks={list.parks} unidentified={list.unidentified} />;
}

export default async function HomePage({ params, searchParams }: PageProps<'/[locale]'>) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection(); // the parks come from the partner at request time, not at build time
  const t = await getTranslations('home');
  const today = getToday();
  // A partner's link to the home page may name a search, as links to the other pages do: the
  // form starts from what it names (what cannot be read is left at the form's own start).
  const { criteria, explicit } = parseCriteria(await searchParams, { today });
  const extras = { type: criteria.type, park: criteria.park };
  return (
    <ClientMessagesProvider scope="home" locale={locale}>
      <section aria-labelledby="home-heading" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pt-8 pb-10 sm:pt-12">
          <h1 id="home-heading" className="text-3xl font-bold text-slate-950 sm:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-2 max-w-2xl text-lg text-slate-800">{t('intro')}</p>
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-md">
            <h2 id="home-search-heading" className="sr-only">
              {t('searchHeading')}
            </h2>
            <SearchForm
              headingId="home-search-heading"
              today={today}
              {...searchFormStart({ criteria, explicit })}
              extras={extras}
            />
          </div>
          <ul className="mt-6 grid gap-2 text-slate-800 sm:grid-cols-3">
            {(['usp1', 'usp2', 'usp3'] as const).map((key) => (
              <li key={key} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 shrink-0 text-brand-700" />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Parks locale={locale} />
    </ClientMessagesProvider>
  );
}
