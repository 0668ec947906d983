import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { Providers } from '@/components/providers';
import type { CompanyDetails } from '@/lib/site-content/schema';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** The document of every page: language, skip link, header, the main landmark and footer. */
export function SiteShell({
  locale,
  company,
  children,
}: {
  locale: string;
  /** The operator's details from the site content, for the footer's company line. */
  company?: CompanyDetails;
  children: ReactNode;
}) {
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
            <SiteFooter company={company} />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
