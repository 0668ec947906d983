import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { Providers } from '@/components/providers';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** The document of every page: language, skip link, header, the main landmark and footer. */
export function SiteShell({ locale, children }: { locale: string; children: ReactNode }) {
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <NextIntlClientProvider>
          <Providers>
            <SkipLink />
            <SiteHeader />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            <SiteFooter />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
