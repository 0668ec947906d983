import type { Metadata, Viewport } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/lib/i18n/routing';
import { getSiteEnv } from '@/lib/env';
import { SiteShell } from '@/components/layout/site-shell';
import { getAnalyticsConfig } from '@/lib/analytics/config';
import { AnalyticsProvider } from '@/lib/analytics/react';
import { CampaignCapture } from '@/lib/attribution/campaign-capture';
import { brandIconMetadata, getShellBrand, getSiteBrand } from '@/lib/site-content/brand';
import { getSiteContent } from '@/lib/site-content/read';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export function generateViewport(): Viewport {
  return { width: 'device-width', initialScale: 1, themeColor: getSiteBrand().colours.primary };
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return {
    metadataBase: new URL(getSiteEnv().SITE_URL),
    title: { default: t('siteName'), template: `%s · ${t('siteName')}` },
    description: t('siteDescription'),
    openGraph: { siteName: t('siteName'), type: 'website', locale },
    ...brandIconMetadata(),
  };
}

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    <SiteShell locale={locale} company={getSiteContent(locale).company} brand={getShellBrand()}>
      <CampaignCapture />
      <AnalyticsProvider config={getAnalyticsConfig()}>{children}</AnalyticsProvider>
    </SiteShell>
  );
}
