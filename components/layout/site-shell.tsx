import type { CSSProperties, ReactNode } from 'react';
import { ClientMessagesProvider } from '@/lib/i18n/client-messages-provider';
import type { ShellBrand } from '@/lib/site-content/brand-schema';
import type { CompanyDetails } from '@/lib/site-content/schema';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/**
 * The document of every page: language, skip link, header, the main landmark and footer. The
 * shell's client components get the shell's messages; a page with client components of its own
 * hands them their messages itself.
 */
export function SiteShell({
  locale,
  company,
  brand,
  children,
}: {
  locale: string;
  /** The operator's details from the site content, for the footer's company line. */
  company?: CompanyDetails;
  /**
   * The partner's brand from the site content: its colours as the stylesheet's variables on
   * <html> (an inline style, which the pages' policy allows and the page store keeps with the
   * page), and its logo in the header.
   */
  brand?: ShellBrand;
  children: ReactNode;
}) {
  return (
    <html lang={locale} style={brand?.colourStyle as CSSProperties | undefined}>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <ClientMessagesProvider scope="shell" locale={locale}>
          <SkipLink />
          <SiteHeader logo={brand?.logo} />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter company={company} />
        </ClientMessagesProvider>
      </body>
    </html>
  );
}
