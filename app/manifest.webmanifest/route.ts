import { getTranslations } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';
import { getSiteBrand } from '@/lib/site-content/brand';

/**
 * The web app manifest: the site's name, its colour and its icons, the partner's from the site
 * content where it gives them. Read per request from the brand (a restart applies a change).
 */
export const dynamic = 'force-dynamic';

export async function GET() {
  const brand = getSiteBrand();
  const t = await getTranslations({ locale: routing.defaultLocale, namespace: 'meta' });
  const manifest = {
    name: t('siteName'),
    short_name: t('siteName'),
    start_url: '/',
    display: 'browser',
    theme_color: brand.colours.primary,
    background_color: '#ffffff',
    icons: [
      { src: brand.assetUrl('icon192') ?? '/brand/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: brand.assetUrl('icon512') ?? '/brand/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
