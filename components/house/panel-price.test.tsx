import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARTY, type Party } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';
import { renderWithMessages } from '@/components/testing/render-with-messages';
import type { Locale } from '@/lib/i18n/locales';
import { StayPrice } from '@/components/ui/stay-price';
import { BookingPanel } from './booking-panel';

// next-intl's navigation imports `next/navigation`, which Node cannot resolve outside a Next.js
// build; a plain link and path stand in for it.
vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
  getPathname: ({ href }: { href: string }) => href,
}));

const TODAY = '2027-01-10';
const STAY = { startDate: '2027-02-01', endDate: '2027-02-04' } as const;
const FAMILY: Party = { ...DEFAULT_PARTY, child0512: 2, pets: 1 };

const PRICE: HousePrice = {
  ...STAY,
  nights: 3,
  full: 480,
  perNight: 160,
  currency: 'EUR',
  voucherAmount: 50,
};

/** The panel as the house page first renders it: the server's price text handed in, as the page does. */
async function render(
  price: HousePrice,
  party: Party,
  { locale = 'en', suggested = false }: { locale?: Locale; suggested?: boolean } = {},
): Promise<string> {
  return renderWithMessages(
    locale,
    <QueryClientProvider client={new QueryClient()}>
      <BookingPanel
        houseId={7}
        today={TODAY}
        house={{ persons: 6, maxPets: 2 }}
        initialParty={party}
        initialStay={suggested ? {} : STAY}
        initialArrivals={[STAY.startDate]}
        initialDepartures={suggested ? undefined : [STAY.endDate]}
        initialPrice={suggested ? undefined : price}
        suggestion={suggested ? price : undefined}
        initialTexts={suggested ? {} : { price: <StayPrice price={price} size="panel" /> }}
      />
    </QueryClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ');

describe('the house page’s booking panel', () => {
  it('shows the party’s price as its total, with the part a voucher may pay', async () => {
    const page = text(await render({ ...PRICE, pricedFor: { persons: 4, pets: 1 } }, FAMILY));
    expect(page).toContain('Total price €480.00');
    expect(page).toContain('Up to €50.00 of this price can be paid with a voucher.');
    expect(page).not.toMatch(/not for your party/);
  });

  it('names a price the partner made for another party as that party’s, not as this party’s total', async () => {
    const html = await render({ ...PRICE, pricedFor: { persons: 2, pets: 0 } }, FAMILY);
    const page = text(html);
    expect(page).not.toContain('Total price');
    expect(html).not.toMatch(/<strong[^>]*>[^<]*480\.00/);
    expect(page).toContain("€480.00 is the park's price for 2 persons without pets, not for your party.");
    expect(page).toContain('The price for your party follows in the booking steps, before you pay.');
    // The voucher part of another party's price says nothing certain about this party's.
    expect(page).not.toContain('voucher');
  });

  it('says nothing of a voucher when the partner names none', async () => {
    const { voucherAmount: _none, ...plain } = PRICE;
    expect(text(await render(plain, DEFAULT_PARTY))).not.toContain('voucher');
  });

  it('offers a suggested stay priced for another party without presenting its price as this party’s', async () => {
    const page = text(await render({ ...PRICE, pricedFor: { persons: 2 } }, FAMILY, { suggested: true }));
    expect(page).toContain("The park's price of €480.00 is for 2 persons, not for your party.");
    expect(page).not.toMatch(/for €480\.00/);
  });

  it.each(['nl', 'de', 'fr'] as const)('names another party’s price as such in %s', async (locale) => {
    const own = text(await render({ ...PRICE, pricedFor: { persons: 4, pets: 1 } }, FAMILY, { locale }));
    const other = text(await render({ ...PRICE, pricedFor: { persons: 2, pets: 0 } }, FAMILY, { locale }));
    const total = { nl: 'Totaalprijs', de: 'Gesamtpreis', fr: 'Prix total' }[locale];
    expect(own).toContain(total);
    expect(other).not.toContain(total);
  });
});
