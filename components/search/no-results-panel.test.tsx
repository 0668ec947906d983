import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider, useLocale } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { Diagnosis } from '@/lib/pages/search-diagnosis';
import { NoResultsPanel } from './no-results-panel';

// next-intl's navigation imports `next/navigation`, which Node cannot resolve outside a Next.js
// build; a plain link with the locale prefix stands in for it.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode; className?: string }) => (
    <a href={`/${useLocale()}${href}`} {...rest}>
      {children}
    </a>
  ),
}));

const ONE_NIGHT: SearchCriteria = { ...DEFAULT_PARTY, startDate: '2026-07-17', endDate: '2026-07-18' };

async function render(locale: Locale, criteria: SearchCriteria, diagnosis: Diagnosis): Promise<string> {
  const messages = await loadMessages(locale);
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      <NoResultsPanel criteria={criteria} diagnosis={diagnosis} filteredOutByPets={false} />
    </NextIntlClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('NoResultsPanel', () => {
  it('names a stay too short for the parks and links longer stays from the same arrival day', async () => {
    const html = await render('en', ONE_NIGHT, {
      reason: 'length',
      nearby: [],
      longer: [
        { startDate: '2026-07-17', endDate: '2026-07-20', count: 4 },
        { startDate: '2026-07-17', endDate: '2026-07-24', count: 1 },
      ],
    });
    expect(text(html)).toContain('none is free for a stay of 1 night around these dates');
    expect(text(html)).toContain('Longer stays from the same arrival day');
    expect(text(html)).toContain('3 nights · 4 houses available');
    expect(text(html)).toContain('7 nights · 1 house available');
    expect(html).toContain('href="/en/search?startDate=2026-07-17&amp;endDate=2026-07-20');
    expect(text(html)).not.toContain('Available around your dates');
  });

  it('blames the dates and links stays of the same length around them', async () => {
    const weekend: SearchCriteria = { ...ONE_NIGHT, endDate: '2026-07-19' };
    const html = await render('de', weekend, {
      reason: 'dates',
      nearby: [{ startDate: '2026-07-20', endDate: '2026-07-22', count: 2 }],
      longer: [],
    });
    expect(text(html)).toContain('aber keines ist zu diesen Daten frei');
    expect(text(html)).toContain('Frei rund um Ihre Daten');
    expect(text(html)).toContain('2 Häuser frei');
    expect(html).toContain('href="/de/search?startDate=2026-07-20&amp;endDate=2026-07-22');
    expect(text(html)).not.toContain('Längere Aufenthalte');
  });

  it.each(['nl', 'de', 'fr'] as const)(
    'writes the short-stay reason with its nights in %s',
    async (locale) => {
      const html = await render(locale, ONE_NIGHT, {
        reason: 'length',
        nearby: [],
        longer: [{ startDate: '2026-07-17', endDate: '2026-07-20', count: 4 }],
      });
      expect(text(html)).toMatch(/ 1 (nacht|Nacht|nuit) /);
      expect(text(html)).toMatch(/3 (nachten|Nächte|nuits) · 4/);
    },
  );
});
