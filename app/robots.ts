import type { MetadataRoute } from 'next';
import { getSiteEnv } from '@/lib/env';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const site = getSiteEnv().SITE_URL.replace(/\/$/, '');
  return {
    // Booking steps and the JSON API are per guest; nothing there to index.
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/*/book/', '/*/booking/'] }],
    sitemap: `${site}/sitemap.xml`,
  };
}
