import type { MetadataRoute } from 'next';
import { getSiteEnv } from '@/lib/env';
import { getActiveHouses, getParks } from '@/lib/partner-api';
import { getPathname } from '@/lib/i18n/navigation';
import { routing } from '@/lib/i18n/routing';
import type { Park, ParkHouse } from '@/lib/booking/types';
import { LEGAL_PAGES } from '@/lib/site-content/schema';

// Built per request (through the partner cache), never at build time when no partner runs.
export const dynamic = 'force-dynamic';

/**
 * One entry per language version, each naming all versions as alternates (hreflang), and the
 * version for other languages: the default one's, or for the home page the bare address that
 * picks a language from the browser's.
 */
function entries(site: string, href: string, priority: number): MetadataRoute.Sitemap {
  const languages = Object.fromEntries(
    routing.locales.map((locale) => [locale, `${site}${getPathname({ locale, href })}`]),
  );
  const fallback = href === '/' ? `${site}/` : languages[routing.defaultLocale]!;
  return routing.locales.map((locale) => ({
    url: languages[locale]!,
    alternates: { languages: { ...languages, 'x-default': fallback } },
    changeFrequency: 'daily',
    priority,
  }));
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const site = getSiteEnv().SITE_URL.replace(/\/$/, '');
  let houses: ParkHouse[] = [];
  try {
    houses = await getActiveHouses(routing.defaultLocale);
  } catch {
    // A busy partner still leaves the site's fixed pages in the map.
  }
  // Every park the park data describes has a page (a park without houses still shows its park).
  const parks: Park[] = await getParks(routing.defaultLocale).catch(() => []);
  return [
    ...entries(site, '/', 1),
    ...entries(site, '/search', 0.8),
    ...LEGAL_PAGES.flatMap((page) => entries(site, `/${page}`, 0.3)),
    ...parks.flatMap((park) => entries(site, `/parks/${park.id}`, 0.7)),
    ...houses.flatMap((house) => entries(site, `/houses/${house.id}`, 0.6)),
  ];
}
