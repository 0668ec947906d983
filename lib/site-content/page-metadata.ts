import 'server-only';
import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { languagePaths } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import { getSiteContent } from './read';
import type { LegalPage } from './schema';

/** Every language version of a help or legal page, by locale (its hreflang alternates). */
export function getLegalPageAlternates(page: LegalPage): Record<string, string> {
  return languagePaths(`/${page}`);
}

/** Title, description and language alternates of a help or legal page, from legal.{page}.*. */
export async function getLegalPageMetadata(locale: string, page: LegalPage): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: `legal.${page}` });
  const languages = getLegalPageAlternates(page);
  return {
    title: t('title'),
    description: t('description'),
    alternates: {
      canonical: languages[locale],
      languages: { ...languages, 'x-default': languages[routing.defaultLocale]! },
    },
    openGraph: { title: t('title'), description: t('description') },
  };
}

/**
 * What every help and legal page starts with: its locale (an unknown one is a 404), the page's
 * messages and the operator's content. The page renders per request, like every page, so its
 * scripts run with this response's CSP nonce; the content file is read at run time (once per
 * process), so changing it needs no new build.
 */
export async function openLegalPage(params: Promise<{ locale: string }>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  await connection();
  return { locale, t: await getTranslations('legal'), content: getSiteContent(locale) };
}
