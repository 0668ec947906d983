import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider, useLocale } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { FilterChoices } from '@/lib/booking/search-filters';
import { RefineForm } from './refine-form';
import { NoResultsPanel } from './no-results-panel';
import { CriteriaNotes } from './criteria-notes';
import { FilterNotes } from './filter-notes';
import { DEFAULT_SORT } from './result-options';

// Links and the enhanced form need the Next.js router: plain elements with the locale prefix stand in.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode; className?: string }) => (
    <a href={`/${useLocale()}${href}`} {...rest}>
      {children}
    </a>
  ),
}));
vi.mock('@/components/ui/get-form', () => ({
  GetForm: ({ action, children }: { action: string; children: ReactNode }) => (
    <form action={action}>{children}</form>
  ),
}));

const CRITERIA: SearchCriteria = {
  ...DEFAULT_PARTY,
  adults: 4,
  startDate: '2027-01-15',
  endDate: '2027-01-18',
};

const CHOICES: Record<'minBedrooms' | 'minBathrooms' | 'minSurface' | 'maxPrice', FilterChoices> = {
  minBedrooms: {
    any: 20,
    choices: [
      { limit: 1, count: 20 },
      { limit: 2, count: 17 },
      { limit: 3, count: 12 },
    ],
  },
  minBathrooms: { any: 20, choices: [] },
  minSurface: {
    any: 20,
    choices: [
      { limit: 50, count: 15 },
      { limit: 100, count: 4 },
    ],
  },
  maxPrice: {
    any: 12,
    choices: [
      { limit: 500, count: 3 },
      { limit: 1250, count: 12 },
    ],
  },
};

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const messages = await loadMessages(locale);
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      {node}
    </NextIntlClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const select = (html: string, name: string) =>
  new RegExp(`<select id="refine-${name}" name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];

function refineForm(locale: Locale = 'en') {
  return render(
    locale,
    <RefineForm
      locale={locale}
      criteria={{ ...CRITERIA, park: 7 }}
      explicitDates
      sort={DEFAULT_SORT}
      petsAllowed={false}
      houseTypes={[]}
      filters={{ minBedrooms: 3, maxPrice: 1250 }}
      filterChoices={CHOICES}
    />,
  );
}

describe('the filters of the refine form', () => {
  it('says in each option how many houses it leaves, the applied one chosen', async () => {
    const html = await refineForm();
    const bedrooms = select(html, 'minBedrooms')!;
    expect(bedrooms).toContain('<option value="">Any (20)</option>');
    expect(bedrooms).toContain('<option value="1">1+ bedroom (20)</option>');
    expect(bedrooms).toContain('<option value="3" selected="">3+ bedrooms (12)</option>');
    expect(select(html, 'minSurface')).toContain('<option value="100">100+ m² (4)</option>');
    expect(select(html, 'maxPrice')).toContain('<option value="1250" selected="">Up to €1,250 (12)</option>');
  });

  it('offers no filter that has no choices (no house gives the value)', async () => {
    expect(select(await refineForm(), 'minBathrooms')).toBeUndefined();
  });

  it('keeps the filters on the link that removes the park filter', async () => {
    const html = await refineForm();
    expect(html).toMatch(/href="\/en\/search\?[^"]*minBedrooms=3&amp;maxPrice=1250"/);
  });

  it.each(LOCALES)('labels the filters and their choices in %s', async (locale) => {
    const html = await refineForm(locale);
    expect(text(html)).toMatch(/(Bedrooms|Slaapkamers|Schlafzimmer|Chambres)/);
    expect(select(html, 'minBedrooms')).toMatch(/>3\+ [^<]+ \(12\)</);
    expect(select(html, 'maxPrice')).toMatch(/1[.,\u00a0]?250[^<]*\(12\)/);
  });
});

describe('why the filters left nothing', () => {
  const panel = (locale: Locale, blocks: Parameters<typeof NoResultsPanel>[0]['filteredOut']) =>
    render(
      locale,
      <NoResultsPanel criteria={CRITERIA} diagnosis={null} filteredOutByPets={false} filteredOut={blocks} />,
    );

  it('names the filter that emptied the list, how many houses miss it, and links the search without it', async () => {
    const html = await panel('en', {
      blocks: [
        { param: 'minBedrooms', limit: 5, without: 14, missed: 14, href: '/search?adults=4&maxPrice=900' },
      ],
      clearAllHref: '/search?adults=4',
    });
    expect(text(html)).toContain('No house has 5 bedrooms or more for your search; 14 houses have fewer.');
    expect(html).toContain('href="/en/search?adults=4&amp;maxPrice=900"');
    expect(text(html)).toContain('Show houses with any number of bedrooms (14 houses)');
    expect(text(html)).not.toContain('Try other dates or a different party');
  });

  it('names a price filter with the amount the guest chose, and houses without a price for the party', async () => {
    const html = await panel('de', {
      blocks: [{ param: 'maxPrice', limit: 300, without: 2, missed: 0, href: '/search?adults=4' }],
      clearAllHref: '/search?adults=4',
    });
    expect(text(html)).toContain('Kein Haus kostet 300 € oder weniger');
    expect(text(html)).toContain('die übrigen haben keinen Preis für Ihre Reisegruppe');
  });

  it('says when only the filters together leave nothing, and links the search without any of them', async () => {
    const html = await panel('fr', { blocks: [], clearAllHref: '/search?adults=4&sort=price-desc' });
    expect(text(html)).toContain('aucune ne remplit tous vos filtres à la fois');
    expect(html).toContain('href="/fr/search?adults=4&amp;sort=price-desc"');
  });
});

describe('notes on the filters', () => {
  it('say how many houses a filter leaves out for want of a readable value', async () => {
    const html = await render('en', <FilterNotes unknown={{ minSurface: 3, maxPrice: 1 }} />);
    expect(text(html)).toContain(
      '3 houses are left out because their surface area is not given in a way we can read.',
    );
    expect(text(html)).toContain('1 house is left out because it has no price for your party.');
    expect(await render('en', <FilterNotes unknown={{}} />)).toBe('');
  });

  it('explain a filter value the page left out', async () => {
    const html = await render(
      'nl',
      <CriteriaNotes issues={[]} filterIssues={[{ param: 'minSurface', code: 'invalid_filter' }]} />,
    );
    expect(text(html)).toContain('„Oppervlakte” is geen waarde waarop we kunnen filteren');
  });
});
