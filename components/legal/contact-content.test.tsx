import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider, useLocale } from 'next-intl';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import { getSiteContent } from '@/lib/site-content/read';
import { SiteFooter } from '@/components/layout/site-footer';
import { CompanyDetails } from './company-details';
import { StayConditionsLink } from './stay-conditions-link';

// The contact page and the footer as a partner's content file makes them: the file is named by
// SITE_CONTENT_FILE and read by the same module the pages use.

// next-intl's navigation imports `next/navigation`, which Node cannot resolve outside a Next.js
// build; a plain link with the locale prefix stands in for it (the browser tests follow the real links).
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode; className?: string }) => {
    const locale = useLocale();
    return (
      <a href={`/${locale}${href === '/' ? '' : href}`} {...rest}>
        {children}
      </a>
    );
  },
}));

const dir = mkdtempSync(path.join(tmpdir(), 'contact-content-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const messages = await loadMessages(locale);
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      {node}
    </NextIntlClientProvider>,
  );
}

function setContentFile(content: unknown): void {
  const file = path.join(dir, `content-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(content));
  vi.stubEnv('SITE_CONTENT_FILE', file);
}

describe('the contact details from SITE_CONTENT_FILE', () => {
  it('show the partner’s company, with dialable phone and mail links and the locale’s opening hours', async () => {
    setContentFile({
      company: {
        name: 'Duinpark Beheer B.V.',
        address: ['Strandweg 5', '1781 AA Den Helder'],
        phone: '+31 (0)223 123 456',
        email: 'gasten@duinpark.example',
        openingHours: ['Daily 8:00–20:00'],
        chamberOfCommerce: '87654321',
      },
      locales: { de: { company: { openingHours: ['Täglich 8–20 Uhr'] } } },
    });
    const html = await render('de', <CompanyDetails content={getSiteContent('de')} />);
    expect(html).toContain('Duinpark Beheer B.V.');
    expect(html).toContain('Strandweg 5');
    expect(html).toContain('href="tel:+31223123456"');
    expect(html).toContain('href="mailto:gasten@duinpark.example"');
    expect(html).toContain('Täglich 8–20 Uhr');
    expect(html).not.toContain('Daily 8:00–20:00');
    expect(html).toContain('Handelsregisternummer');
    // Not given: no row and no label for it.
    expect(html).not.toContain('USt-IdNr.');
    // Not marked as example data: no example notice.
    expect(html).not.toContain('Beispielangaben');
  });

  it('are the committed example company, marked as example details, when no file is set', async () => {
    vi.stubEnv('SITE_CONTENT_FILE', '');
    const html = await render('en', <CompanyDetails content={getSiteContent('en')} />);
    expect(html).toContain('Example Holiday Parks B.V.');
    expect(html).toContain('These are example details');
  });

  it('give the footer its company line, and the footer links every help and legal page', async () => {
    setContentFile({ company: { name: 'Duinpark Beheer B.V.', address: ['Strandweg 5', 'Den Helder'], vatNumber: 'NL001' } });
    const html = await render('nl', <SiteFooter company={getSiteContent('nl').company} />);
    expect(html).toContain('Duinpark Beheer B.V. · Strandweg 5, Den Helder · Btw NL001');
    for (const page of ['contact', 'help', 'cancellation', 'terms', 'privacy', 'partners/links']) {
      expect(html).toContain(`href="/nl/${page}"`);
    }
  });
});

describe('StayConditionsLink', () => {
  it('shows the partner’s park conditions when given, and always links the cancellation page', async () => {
    const html = await render('en', <StayConditionsLink conditions={' Check-in from 3 pm. '} />);
    expect(html).toContain('Park conditions');
    expect(html).toContain('Check-in from 3 pm.');
    expect(html).toContain('href="/en/cancellation"');
    expect(html).toContain('Cancellation policy and park conditions');
  });

  it('shows only the link when the partner gives no conditions', async () => {
    const html = await render('fr', <StayConditionsLink conditions="" />);
    expect(html).not.toContain('Conditions du parc<');
    expect(html).toContain('href="/fr/cancellation"');
  });
});
