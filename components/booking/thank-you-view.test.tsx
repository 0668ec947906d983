import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider, useLocale } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { PriceGroup, PriceLine } from '@/lib/booking/types';
import { loadMessages } from '@/lib/i18n/messages';
import { routing } from '@/lib/i18n/routing';
import type { Locale } from '@/lib/i18n/locales';
import { ThankYouView, type ThankYouSummary } from './thank-you-view';

// next-intl's navigation imports `next/navigation`, which Node cannot resolve outside a Next.js
// build; a plain link with the locale prefix stands in for it.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({
    href,
    children,
    prefetch: _prefetch,
    ...rest
  }: {
    href: string;
    children: ReactNode;
    className?: string;
    prefetch?: boolean;
  }) => {
    const locale = useLocale();
    return (
      <a href={`/${locale}${href === '/' ? '' : href}`} {...rest}>
        {children}
      </a>
    );
  },
}));

async function render(locale: Locale, summary: ThankYouSummary): Promise<string> {
  const messages = await loadMessages(locale);
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      <ThankYouView summary={summary} locale={locale} calendarHref="/booking/thank-you/calendar.ics" />
    </NextIntlClientProvider>,
  );
}

function line(name: string, amount: number): PriceLine {
  return { name, amount, text: String(amount), type: 'Normal', isDiscount: false };
}

function summaryWith(groups: PriceGroup[]): ThankYouSummary {
  return {
    reservationCode: 'R-1001',
    houseName: 'Duinhuis 4',
    unitNumber: null,
    startDate: '2027-02-01',
    endDate: '2027-02-04',
    party: { ...DEFAULT_PARTY },
    price: { groups, total: null },
    terms: {
      paymentBookingType: 'Later',
      fullPayAmount: 400,
      firstPayAmount: null,
      cancellationFundPossible: false,
      cancellationFund: null,
    },
    paymentType: 'Later',
    status: 'confirmed',
    parkName: null,
  };
}

const ADVANCE: PriceGroup = { id: 'PayInAdvance', lines: [line('Rent', 380)] };
const AT_PARK_LINES = [line('Tourist tax', 8.8), line('Energy', 11.2)];

/** The headings the price specification shows (each part is a section labelled by its heading). */
function priceHeadings(html: string): string[] {
  const spec = html.slice(html.indexOf('data-testid="price-specification"'));
  return [...spec.matchAll(/<section aria-label="([^"]*)"/g)].map((match) => match[1]!);
}

/** The next step about paying at the park, and the heading it names between its quotation marks. */
function atParkStep(html: string): { text: string; named: string | null } | null {
  const list = /data-testid="next-steps">(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
  const steps = [...list.matchAll(/<li>(.*?)<\/li>/gs)].map((match) => match[1]!);
  const text = steps.find((step) => /[“‘„«]/.test(step));
  if (text === undefined) return null;
  const named = /[“‘„«][\s\u00a0\u202f]*(.+?)[\s\u00a0\u202f]*[”’“»]/u.exec(text)?.[1] ?? null;
  return { text, named };
}

describe('the thank-you page’s next step about paying at the park', () => {
  it.each(routing.locales)(
    'names the heading the price list shows, the partner’s own when it sends one (%s)',
    async (locale) => {
      const header = 'Ter plaatse te betalen';
      const html = await render(
        locale,
        summaryWith([ADVANCE, { id: 'PayAtLocation', header, lines: AT_PARK_LINES }]),
      );
      const step = atParkStep(html);
      expect(priceHeadings(html)).toContain(header);
      expect(step?.named).toBe(header);
    },
  );

  it.each(routing.locales)(
    'names the site’s own heading when the partner sends none, as the price list does (%s)',
    async (locale) => {
      const html = await render(
        locale,
        summaryWith([ADVANCE, { id: 'PayAtLocation', lines: AT_PARK_LINES }]),
      );
      const step = atParkStep(html);
      expect(step?.named).toBeTruthy();
      expect(priceHeadings(html)).toContain(step?.named);
    },
  );

  it('is left out when nothing is paid at the park', async () => {
    const html = await render(
      'nl',
      summaryWith([ADVANCE, { id: 'PayAtLocation', lines: [line('Energy', 0)] }]),
    );
    expect(atParkStep(html)).toBeNull();
  });
});

describe('the thank-you page’s arrival and departure times', () => {
  const conditions = 'Check-in from 3 pm, check-out by 10 am.';

  it('points to the park conditions it shows when the partner gives them, instead of saying it has no times', async () => {
    const html = await render('en', { ...summaryWith([ADVANCE]), parkConditions: conditions });
    expect(html).toContain(conditions);
    expect(html).toContain('Check the arrival and departure times in the park conditions below');
    expect(html).not.toContain('We have not been given the park’s arrival and departure times');
  });

  it('says it has no times when the partner gives no park conditions', async () => {
    const html = await render('en', summaryWith([ADVANCE]));
    expect(html).toContain('We have not been given the park’s arrival and departure times');
    expect(html).not.toContain('Park conditions');
  });
});

describe('the thank-you page’s preferences and pets', () => {
  const PREFERENCES = [
    { id: 301, name: 'Begane grond' },
    { id: 312, name: 'Dicht bij het strand' },
  ];

  /** The text of the choices the page lists (each a list item of the booking details). */
  function choices(html: string): string[] {
    const list = /data-testid="unit-check">(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
    return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
  }

  it('lists what the booked unit confirmed apart from what is only requested, in the page’s language', async () => {
    const html = await render('nl', {
      ...summaryWith([ADVANCE]),
      party: { ...DEFAULT_PARTY, pets: 1 },
      unitNumber: '14',
      unitCheck: { confirmed: [312], unconfirmed: [301], lacking: [], pets: 'unconfirmed' },
      preferences: PREFERENCES,
    });
    expect(choices(html)).toEqual([
      'Begane grond: aangevraagd (het park heeft dit niet bevestigd)',
      'Dicht bij het strand: bevestigd voor deze woning',
      'Huisdieren: aangevraagd (het park heeft niet bevestigd dat huisdieren in deze woning mogen)',
    ]);
    expect(html).toContain('Je keuzes');
  });

  it('names a preference the house no longer names by its number', async () => {
    const html = await render('en', {
      ...summaryWith([ADVANCE]),
      unitCheck: { confirmed: [], unconfirmed: [555], lacking: [555], pets: 'none' },
      preferences: [],
    });
    expect(choices(html)).toEqual(['Preference no. 555: not offered by this unit']);
  });

  it('shows no choices when the guest chose no preference and brought no pets', async () => {
    const html = await render('en', {
      ...summaryWith([ADVANCE]),
      unitCheck: { confirmed: [], unconfirmed: [], lacking: [], pets: 'none' },
      preferences: [],
    });
    expect(html).not.toContain('data-testid="unit-check"');
    expect(html).not.toContain('Your choices');
  });
});
