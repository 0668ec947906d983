import './globals.css';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { NotFoundView } from '@/components/ui/not-found-view';
import { brandIconMetadata, getShellBrand } from '@/lib/site-content/brand';

// Addresses that match no route at all; the proxy has already chosen a language for them.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notFound');
  return { title: t('page.title'), robots: { index: false }, ...brandIconMetadata() };
}

export default async function GlobalNotFound() {
  const locale = await getLocale();
  return (
    <SiteShell locale={locale} brand={getShellBrand()}>
      <NotFoundView />
    </SiteShell>
  );
}
