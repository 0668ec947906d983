import { Activity, type CSSProperties, type ReactNode } from 'react';
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
 *
 * Header, content and footer are each an <Activity>: the server renders them in place (no
 * fallback, nothing streamed later), and the browser brings each to life after the document's
 * root, in short slices it can interrupt, instead of in one long task with the rest of the page.
 * A phone then answers a tap while the page is still being hydrated, and a tap on a part not yet
 * alive makes React hydrate that part first and replay the tap.
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
          <Activity>
            <SiteHeader logo={brand?.logo} />
          </Activity>
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <Activity>{children}</Activity>
          </main>
          <Activity>
            <SiteFooter company={company} />
          </Activity>
        </ClientMessagesProvider>
      </body>
    </html>
  );
}
