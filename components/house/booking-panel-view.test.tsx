import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';
import { SiteApiError } from '@/lib/site-api/api-error';
import { renderWithMessages } from '@/components/testing/render-with-messages';
import { BookingPanelView, type BookingPanelViewProps } from './booking-panel-view';

// next-intl's navigation imports `next/navigation`, which Node cannot resolve outside a Next.js
// build; a plain link stands in for it.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
}));

const TODAY = '2027-01-10';
const STAY = { startDate: '2027-02-01', endDate: '2027-02-04' } as const;
const PRICE: HousePrice = { ...STAY, nights: 3, full: 480, perNight: 160, currency: 'EUR' };
const BOOK = '/book/7?startDate=2027-02-01&endDate=2027-02-04';
const none = () => undefined;

/** A panel with its stay chosen and priced; each test changes what it is about. */
function props(changes: Partial<BookingPanelViewProps> = {}): BookingPanelViewProps {
  return {
    house: { persons: 6, maxPets: 1 },
    party: DEFAULT_PARTY,
    onPartyChange: none,
    partyProblem: null,
    prompt: 'changeDates',
    calendar: {
      month: '2027-02',
      onMonthChange: none,
      today: TODAY,
      step: 'arrival',
      range: STAY,
      isDayEnabled: () => true,
      onPick: none,
    },
    listReach: undefined,
    noArrivals: false,
    loadError: null,
    chosen: { ...STAY },
    onClearDates: none,
    arrivalNotice: null,
    price: { view: 'priced', price: PRICE },
    priceFetching: false,
    costs: { failed: false, quote: undefined, onRetry: none },
    settledParty: DEFAULT_PARTY,
    bookHref: BOOK,
    barPrice: PRICE,
    ...changes,
  };
}

const render = (view: BookingPanelViewProps) => renderWithMessages('en', <BookingPanelView {...view} />);

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ');
/** The text of the first element marked as an alert, up to the end of the panel. */
const alertText = (html: string) => {
  const at = html.indexOf('role="alert"');
  return at < 0 ? '' : text(html.slice(html.indexOf('>', at) + 1, html.indexOf('</section>', at)));
};
const bookLinks = (html: string) => html.split(`href="${BOOK.replace(/&/g, '&amp;')}"`).length - 1;

describe('the booking panel view', () => {
  it('offers a priced stay with its total, the call to book in the panel and in the bar, and its costs loading', async () => {
    const html = await render(props());
    const page = text(html);
    expect(page).toContain('Total price €480.00');
    expect(bookLinks(html)).toBe(2);
    expect(page).toContain('Book this house');
    expect(page).toContain('Loading every cost of this stay…');
    expect(page).toContain('Your stay is selected. Pick another arrival date to change it.');
  });

  it('says only why the house cannot take the party: no prompt to pick a day and no call to book', async () => {
    const html = await render(
      props({
        partyProblem: 'tooManyPets',
        prompt: null,
        price: { view: 'choose' },
        bookHref: null,
        barPrice: null,
      }),
    );
    const page = text(html);
    expect(page).toContain('This house allows at most 1 pet.');
    expect(page).not.toMatch(/Choose your arrival date|Pick another arrival date/);
    expect(bookLinks(html)).toBe(0);
    expect(page).toContain('Choose dates');
  });

  it('tells the guest a price is being calculated, without a price or a call to book', async () => {
    const html = await render(
      props({ price: { view: 'calculating' }, priceFetching: true, bookHref: null, barPrice: null }),
    );
    expect(html).toContain('aria-busy="true"');
    expect(text(html)).toContain('Calculating the price…');
    expect(text(html)).not.toContain('€480.00');
    expect(bookLinks(html)).toBe(0);
  });

  it('says a stay someone has just booked is gone, as an alert', async () => {
    const html = await render(props({ price: { view: 'soldOut' }, bookHref: null, barPrice: null }));
    expect(alertText(html)).toContain('Someone has just booked this stay.');
    expect(bookLinks(html)).toBe(0);
  });

  it('offers the partner’s stay while no dates are chosen, with the button that takes it', async () => {
    const page = text(
      await render(
        props({
          prompt: 'chooseArrival',
          chosen: null,
          price: { view: 'choose', suggestion: { price: PRICE, onChoose: none } },
          bookHref: null,
          barPrice: null,
        }),
      ),
    );
    expect(page).toContain('Choose these dates');
    expect(page).toContain('Choose your dates to see the price and book');
    expect(page).not.toContain('Clear dates');
  });

  it('tells a busy booking system from a read that failed, each with a way to try again', async () => {
    const busy = text(
      await render(
        props({ loadError: { error: new SiteApiError(503, 'unavailable', {}, 5), onRetry: none } }),
      ),
    );
    const failed = text(
      await render(
        props({ loadError: { error: new SiteApiError(500, 'internal', {}, undefined), onRetry: none } }),
      ),
    );
    expect(busy).toContain('The booking system is busy right now.');
    expect(failed).toContain('We could not load the availability.');
    expect(failed).not.toContain('busy');
  });

  it('shows the server’s text for the chosen dates while they are the page’s first, else writes them itself', async () => {
    const served = text(await render(props({ chosen: { ...STAY, initial: <p>from the server</p> } })));
    const written = text(await render(props()));
    expect(served).toContain('from the server');
    expect(served).not.toContain('Arrival:');
    expect(written).toMatch(/Arrival: \w+ 1 Feb · Departure: \w+ 4 Feb/);
  });

  it('names an arrival the park does not take, and leaves the dates out', async () => {
    const page = text(await render(props({ chosen: null, arrivalNotice: 'arrivalNotTaken' })));
    expect(page).toContain('The park does not take arrivals on this day.');
    expect(page).not.toContain('Clear dates');
  });
});

describe('the prices under the arrival days', () => {
  const calendarWith = (prices: { missing: boolean }) =>
    props({
      chosen: null,
      prompt: 'chooseArrival',
      calendar: {
        ...props().calendar,
        range: {},
        prices: {
          nights: 3,
          totals: new Map([['2027-02-05', 512]]),
          cheapest: prices.missing ? null : '2027-02-05',
          pending: new Set<string>(),
          missing: prices.missing,
        },
      },
    });
  const caption = (html: string) => {
    const at = html.indexOf('data-testid="calendar-prices"');
    return text(html.slice(html.indexOf('>', at) + 1, html.indexOf('</p>', at)));
  };

  it('names the lowest day once every day the calendar asked for is priced', async () => {
    expect(caption(await render(calendarWith({ missing: false })))).toBe(
      'Prices for 3 nights, your party. Lowest: arriving Friday, 5 February 2027.',
    );
  });

  it('says plainly that some days have no price once the calendar’s quick asks are over', async () => {
    expect(caption(await render(calendarWith({ missing: true })))).toBe(
      'Prices for 3 nights, your party. Some days have no price now: choose one to see the price of your stay.',
    );
  });
});
