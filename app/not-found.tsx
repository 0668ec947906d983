import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';

/**
 * The root boundary: reached only by addresses the proxy leaves alone and no route matches
 * (every address under a language goes to that language's 404 inside the site shell). Every
 * page's payload carries this element, so it is a bare document, not the site shell.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notFound');
  return { title: t('page.title') };
}

export default async function RootNotFound() {
  const [locale, t] = await Promise.all([getLocale(), getTranslations('notFound')]);
  return (
    <html lang={locale}>
      <body className="bg-white text-slate-900 antialiased">
        <main className="mx-auto max-w-2xl px-4 py-12">
          <h1 className="text-2xl font-bold text-slate-950">{t('page.title')}</h1>
          <p className="mt-3">
            <a href={`/${locale}`} className="font-semibold text-brand-700 underline">
              {t('home')}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
