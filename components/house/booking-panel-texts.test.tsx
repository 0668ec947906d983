import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/booking/date-format';
import { renderWithMessages } from '@/components/testing/render-with-messages';
import type { HousePrice } from '@/lib/booking/types';
import { ChosenDates, SuggestionText } from './booking-panel-texts';

const ARRIVAL = '2027-02-01';
const DEPARTURE = '2027-02-04';

describe('the chosen dates in the booking panel', () => {
  it('put a no-break space before each colon in French, as the rest of the French site does', async () => {
    const html = await renderWithMessages('fr', <ChosenDates startDate={ARRIVAL} endDate={DEPARTURE} />);
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toBe(
      `Arrivée\u00a0: ${formatDate(ARRIVAL, 'fr', 'compact')} · Départ\u00a0: ${formatDate(DEPARTURE, 'fr', 'compact')}`,
    );
    expect(text).not.toMatch(/[^\u00a0\u202f]:/);
  });

  it.each([
    ['en', 'Arrival', 'Departure'],
    ['nl', 'Aankomst', 'Vertrek'],
    ['de', 'Anreise', 'Abreise'],
  ] as const)('write "label: date" in %s, with each date in bold', async (locale, arrival, departure) => {
    const html = await renderWithMessages(locale, <ChosenDates startDate={ARRIVAL} endDate={DEPARTURE} />);
    expect(html).toBe(
      `<p>${arrival}: <strong>${formatDate(ARRIVAL, locale, 'compact')}</strong> · ` +
        `${departure}: <strong>${formatDate(DEPARTURE, locale, 'compact')}</strong></p>`,
    );
  });

  it('show the arrival alone until there is a departure', async () => {
    const html = await renderWithMessages('fr', <ChosenDates startDate={ARRIVAL} />);
    expect(html).toBe(`<p>Arrivée\u00a0: <strong>${formatDate(ARRIVAL, 'fr', 'compact')}</strong></p>`);
  });
});

describe('the stay offered on a house page without dates', () => {
  // The partner's default stay starts some days ahead "depending on availability": earlier
  // arrival days may be free, so the page must not call it the first or earliest one.
  const price: HousePrice = {
    startDate: ARRIVAL,
    endDate: '2027-02-03',
    nights: 2,
    full: 300,
    perNight: 150,
    currency: 'EUR',
  };

  it.each([
    ['en', 'Suggested stay', /first|earliest/i],
    ['nl', 'Voorgesteld verblijf', /eerst|vroegst/i],
    ['de', 'Vorgeschlagener Aufenthalt', /erst|früh/i],
    ['fr', 'Séjour suggéré', /premier|plus tôt/i],
  ] as const)('is called a suggestion in %s, never the first available stay', async (locale, name, first) => {
    const text = (await renderWithMessages(locale, <SuggestionText price={price} />)).replace(/<[^>]+>/g, '');
    expect(text.startsWith(name)).toBe(true);
    expect(text).not.toMatch(first);
  });
});
