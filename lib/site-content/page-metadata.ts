import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import type { LegalPage } from './schema';

/** Every language version of a help or legal page, by locale (its hreflang alternates). */
export function getLegalPageAlternates(page: LegalPage): Record<string, string> {
  return Object.fromEntries(routing.locales.map((locale) => [locale, getPathname({ locale, href: `/${page}` })]));
}

/** Title, description and language alternates of a help or legal page, from legal.{page}.*. */
export async function getLegalPageMetadata(locale: string, page: LegalPage): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: `legal.${page}` });
  const languages = getLegalPageAlternates(page);
  return {
    title: t('title'),
    description: t('description'),
    alternates: { canonical: languages[locale], languages },
    openGraph: { title: t('title'), description: t('description') },
  };
}
