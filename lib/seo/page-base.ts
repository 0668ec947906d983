import 'server-only';
import { getTranslations } from 'next-intl/server';
import { getSiteEnv } from '@/lib/env';
import { languagePaths } from '@/lib/i18n/navigation';
import type { PageMetadataInput } from './social';

/**
 * What every page's metadata starts from: the site's origin and name, the page's language, and its
 * address in every language (the canonical link and the hreflang alternates).
 */
export async function pageMetadataBase(
  locale: string,
  path: string,
): Promise<Pick<PageMetadataInput, 'siteUrl' | 'siteName' | 'locale' | 'languages'>> {
  const meta = await getTranslations({ locale, namespace: 'meta' });
  return { siteUrl: getSiteEnv().SITE_URL, siteName: meta('siteName'), locale, languages: languagePaths(path) };
}
