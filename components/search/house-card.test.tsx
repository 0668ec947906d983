import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import type { HousePrice, HouseSummary } from '@/lib/booking/types';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import { HouseCard, useCardLabels } from './house-card';

// The card's link and picture are client parts built on Next.js's router and image optimizer,
// which Node cannot load outside a Next.js build; plain elements stand in for them.
vi.mock('./card-parts', () => ({
  CardImage: () => null,
  CardLink: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a>,
  CardFacts: ({ facts }: { facts: readonly (readonly [string, string])[] }) => (
    <ul>
      {facts.map(([icon, label]) => (
        <li key={icon}>{label}</li>
      ))}
    </ul>
  ),
}));

const FAMILY: SearchCriteria = {
  ...DEFAULT_PARTY,
  child0512: 2,
  pets: 1,
  startDate: '2027-02-01',
  endDate: '2027-02-04',
};

const PRICE: HousePrice = {
  startDate: '2027-02-01',
  endDate: '2027-02-04',
  nights: 3,
  full: 480,
  perNight: 160,
  currency: 'EUR',
};

function house(price: HousePrice): HouseSummary {
  return {
    id: 7,
    name: 'Dune Lodge',
    persons: 6,
    bedrooms: 3,
    bathrooms: 1,
    beds: 6,
    maxPets: 2,
    surface: null,
    picture: null,
    pictures: [],
    description: '',
    price,
  };
}

/** A card as a list renders it, with the list's labels. */
function ListedCard({ price }: { price: HousePrice }) {
  return <HouseCard house={house(price)} criteria={FAMILY} labels={useCardLabels()} />;
}

async function render(locale: Locale, price: HousePrice): Promise<string> {
  const messages = await loadMessages(locale);
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      <ListedCard price={price} />
    </NextIntlClientProvider>,
  );
  return html;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ');

describe('a result card’s price', () => {
  it('is the party’s total when the partner priced this party', async () => {
    const html = await render('en', { ...PRICE, pricedFor: { persons: 4, pets: 1 } });
    expect(text(html)).toMatch(/Total price €480\.00/);
    expect(html).toMatch(/<strong>.*480\.00<\/strong>/);
    expect(text(html)).not.toMatch(/another party|not for your party/);
  });

  it('is named as another party’s price, never as the party’s total, when the partner priced another party', async () => {
    const html = await render('en', { ...PRICE, pricedFor: { persons: 2, pets: 0 } });
    expect(html).not.toContain('<strong>');
    expect(text(html)).not.toContain('Total price');
    expect(text(html)).toContain(
      "€480.00 is the park's price for 2 persons without pets, not for your party.",
    );
    expect(text(html)).toContain('The price for your party follows when you choose the stay.');
  });

  it.each(['nl', 'de', 'fr'] as const)('says whose price it is in %s too', async (locale) => {
    const fits = text(await render(locale, PRICE));
    const other = text(await render(locale, { ...PRICE, pricedFor: { persons: 2 } }));
    expect(other).not.toBe(fits);
    expect(other).toMatch(/\b2\b/);
  });
});
