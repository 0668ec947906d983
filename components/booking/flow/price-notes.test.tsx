import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentTerms } from '@/lib/booking/overview';
import { DEFAULT_PARTY, type Party } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import { FlowContext, type FlowContextValue, type FlowData } from './flow-context';
import { PaymentForm } from './payment-form';
import { RunningTotal } from './running-total';

// The form replaces the address on a re-price; Node has no Next.js router to give it one.
vi.mock('next/navigation', () => ({ useRouter: () => ({ replace: () => {}, refresh: () => {} }) }));

const FAMILY: Party = { ...DEFAULT_PARTY, child0512: 2, pets: 1 };

function flow(data: Partial<FlowData>, party: Party = FAMILY): FlowContextValue {
  return {
    data: {
      locale: 'en',
      houseId: 7,
      houseName: 'Dune Lodge',
      criteria: { startDate: '2027-02-01', endDate: '2027-02-04', party },
      nights: 3,
      persons: 4,
      rent: 480,
      stayCosts: null,
      maxPersons: 6,
      maxPets: 2,
      preferences: [],
      units: [],
      services: [],
      parkConditions: '',
      ...data,
    },
    step: 'overview',
    selection: { preferenceIds: [], services: [], cancellationFund: false },
    setSelection: () => {},
    goTo: () => {},
    navigating: false,
    announce: () => {},
    isOnline: () => true,
    payment: null,
    setPayment: () => {},
    changedElsewhere: false,
    setChangedElsewhere: () => {},
  };
}

async function render(value: FlowContextValue, node: ReactNode, locale: Locale = 'en'): Promise<string> {
  const messages = await loadMessages(locale);
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Amsterdam">
      <QueryClientProvider client={new QueryClient()}>
        <FlowContext.Provider value={{ ...value, data: { ...value.data, locale } }}>
          {node}
        </FlowContext.Provider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ');
}

const TERMS: PaymentTerms = {
  paymentBookingType: null,
  fullPayAmount: 480,
  firstPayAmount: null,
  cancellationFundPossible: false,
  cancellationFund: null,
};

function payment(terms: Partial<PaymentTerms>) {
  return (
    <PaymentForm
      terms={{ ...TERMS, ...terms }}
      hold="h1"
      onExpired={() => {}}
      onChecking={() => {}}
      onChanged={() => {}}
      onUnitMismatch={() => {}}
    />
  );
}

const OWN: Pick<HousePrice, 'pricedFor' | 'voucherAmount'> = { pricedFor: { persons: 4, pets: 1 } };
const OTHER: Pick<HousePrice, 'pricedFor' | 'voucherAmount'> = { pricedFor: { persons: 2, pets: 0 } };

describe('the payment step’s notes on the price', () => {
  it.each([
    ['EarlyBooking', 'This is an early-booking price.'],
    ['LastMinute', 'This is a last-minute price.'],
  ])('names a %s price as such', async (type, words) => {
    expect(await render(flow({}), payment({ paymentBookingType: type }))).toContain(words);
  });

  it.each([['Normal'], [null], ['Promotion']])('names nothing for the kind %s', async (type) => {
    const page = await render(flow({}), payment({ paymentBookingType: type }));
    expect(page).not.toMatch(/early-booking|last-minute/);
  });

  it.each(['nl', 'de', 'fr'] as const)('names an early-booking price in %s', async (locale) => {
    const plain = await render(flow({}), payment({}), locale);
    const early = await render(flow({}), payment({ paymentBookingType: 'EarlyBooking' }), locale);
    expect(early.length).toBeGreaterThan(plain.length);
  });

  it('says how much of the price a voucher may pay, when the partner names it for this party', async () => {
    const page = await render(flow({ rentPrice: { ...OWN, voucherAmount: 50 } }), payment({}));
    expect(page).toContain('Up to €50.00 of this price can be paid with a voucher.');
  });

  it('says nothing of a voucher the partner did not name, or named for another party’s price', async () => {
    expect(await render(flow({ rentPrice: OWN }), payment({}))).not.toContain('voucher');
    expect(await render(flow({ rentPrice: { ...OTHER, voucherAmount: 50 } }), payment({}))).not.toContain(
      'voucher',
    );
  });
});

describe('the running total’s estimate from the rent', () => {
  it('adds up the party’s own rent as an estimate', async () => {
    const page = await render(flow({ rentPrice: OWN }), <RunningTotal />);
    expect(page).toContain('Rent incl. mandatory costs €480.00');
    expect(page).toContain('Estimated total €480.00');
  });

  it('names a rent priced for another party as that party’s and gives no total from it', async () => {
    const page = await render(flow({ rentPrice: OTHER }), <RunningTotal />);
    expect(page).toContain("Rent for 2 persons without pets (the park's price for another party) €480.00");
    expect(page).not.toContain('Estimated total €480.00');
    expect(page).toContain('The price for your party follows when your stay is held, before you pay.');
  });
});
