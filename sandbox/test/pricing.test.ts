import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreBookingResultSchema, type PreBookingResult } from '@/lib/partner-api/schemas';
import { buildCatalogue } from '../src/catalogue';
import { PARKS } from '../src/park-data';
import { dayFromMs } from '../src/dates';
import { LANGS } from '../src/i18n';
import { firstPayCents, fullPayCents, priceResult, priceSpecifications } from '../src/price-lines';
import { quoteStay } from '../src/pricing';
import { FIXED_NOW, P, openSandbox, type Api } from './helpers';

const cents = (value: string | null | undefined) => Math.round(Number(value) * 100);

/** The invariants every price breakdown must keep. */
function checkBreakdown(result: PreBookingResult): void {
  const lines = result.priceSpecifications ?? [];
  for (const l of lines) expect(l.itemValue).toMatch(/^-?\d+\.\d{2}$/);
  const totals = lines.filter((l) => l.group === 'Total');
  expect(totals).toHaveLength(1);
  expect(lines[lines.length - 1]?.group).toBe('Total');
  const items = lines.filter((l) => !l.isHeader && l.group !== 'Total');
  expect(cents(totals[0]?.itemValue)).toBe(items.reduce((s, l) => s + cents(l.itemValue), 0));
  for (const group of ['PayInAdvance', 'Deposit', 'PayAtLocation']) {
    const headers = lines.filter((l) => l.group === group && l.isHeader);
    const groupItems = items.filter((l) => l.group === group);
    expect(headers).toHaveLength(groupItems.length > 0 ? 1 : 0);
    if (headers[0])
      expect(cents(headers[0].itemValue)).toBe(groupItems.reduce((s, l) => s + cents(l.itemValue), 0));
  }
  const discounts = items.filter((l) => l.itemType === 'Discount');
  expect(discounts.every((l) => cents(l.itemValue) < 0)).toBe(true);
  expect(discounts.length > 0).toBe(result.paymentBookingType !== 'Normal');
  const advance = items
    .filter((l) => l.group === 'PayInAdvance' || l.group === 'Deposit')
    .reduce((s, l) => s + cents(l.itemValue), 0);
  expect(Math.round((result.fullPayAmount ?? 0) * 100)).toBe(advance);
  if (result.firstPayAmount !== undefined && result.firstPayAmount !== null)
    expect(result.firstPayAmount).toBeLessThan(result.fullPayAmount ?? 0);
}

const catalogue = buildCatalogue(42);
const today = dayFromMs(FIXED_NOW);

describe('price lines add up', () => {
  it('for any house, period, party, extras and language (pure)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: catalogue.houses.length - 1 }),
        fc.integer({ min: 1, max: 540 }),
        fc.integer({ min: 1, max: 28 }),
        fc.record({
          adults: fc.integer({ min: 1, max: 6 }),
          child0002: fc.nat(2),
          child0304: fc.nat(2),
          child0512: fc.nat(3),
          child1317: fc.nat(3),
          pets: fc.nat(2),
        }),
        fc.array(fc.record({ pick: fc.nat(), quantity: fc.integer({ min: 1, max: 4 }) }), { maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom(...LANGS),
        (houseIndex, ahead, nights, party, extraPicks, fund, lang) => {
          const house = catalogue.houses[houseIndex];
          const park = PARKS.find((p) => p.id === house?.parkId);
          if (!house || !park) throw new Error('catalogue lookup failed');
          const pets = Math.min(party.pets, house.maxPets);
          const extras = extraPicks.map((e) => ({
            id: house.optional[e.pick % house.optional.length]?.id ?? 0,
            quantity: e.quantity,
          }));
          const preferenceIds = house.preferences.filter((_, i) => (ahead + i) % 3 === 0).map((p) => p.id);
          const quote = quoteStay(
            house,
            park,
            today + ahead,
            today + ahead + nights,
            { ...party, pets },
            today,
            { preferenceIds, extras, cancellationFund: fund },
          );
          const first = firstPayCents(quote);
          checkBreakdown({
            priceSpecifications: priceSpecifications(quote, lang),
            paymentBookingType: quote.bookingType,
            fullPayAmount: fullPayCents(quote) / 100,
            ...(first !== undefined ? { firstPayAmount: first / 100 } : {}),
          });
          const price = priceResult(quote, false);
          expect(price.fullPrice).toBeGreaterThan(0);
          expect(price.discountedPrice).toBeLessThanOrEqual(price.fullPrice ?? 0);
          if (quote.bookingType === 'Normal') expect(price.discountedPrice).toBe(price.fullPrice);
          expect(quote.bookingType).toBe(
            ahead > 120 ? 'EarlyBooking' : ahead <= 14 ? 'LastMinute' : 'Normal',
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('price lines add up over HTTP', () => {
  let api: Api;
  beforeAll(async () => {
    api = await openSandbox({ rateLimitPerMin: 100_000 });
  });
  afterAll(() => api.sandbox.close());

  it('for random bookable stays and parties', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: catalogue.houses.length - 1 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 4 }),
        fc.nat(3),
        fc.boolean(),
        async (houseIndex, startPick, endPick, adults, children, fund) => {
          const house = catalogue.houses[houseIndex];
          if (!house) throw new Error('no house');
          const kids = Math.max(0, Math.min(children, house.capacity - adults));
          const party = `adults=${Math.min(adults, house.capacity)}&child0512=${kids}`;
          const starts = (
            await api.json<{ availableStartDates: string[] }>(
              await api.get(`${P}/houseDetails/${house.id}?${party}`),
            )
          ).availableStartDates;
          const startDate = starts[startPick % starts.length]?.slice(0, 10);
          if (!startDate) return;
          const ends = (
            await api.json<{ availableEndDates: string[] }>(
              await api.get(`${P}/houseDetails/${house.id}?startDate=${startDate}&${party}`),
            )
          ).availableEndDates;
          const endDate = ends[endPick % ends.length]?.slice(0, 10);
          expect(endDate).toBeDefined();
          const canFund = Date.parse(startDate) - FIXED_NOW > 15 * 86_400_000;
          const res = await api.post(`${P}/priceSpecifications`, {
            houseID: house.id,
            startDate,
            endDate,
            adults: Math.min(adults, house.capacity),
            child0512: kids,
            cancellationFund: fund && canFund,
            extraServices: [{ id: house.optional[0]?.id, quantity: 2 }],
          });
          expect(res.status).toBe(200);
          checkBreakdown(PreBookingResultSchema.parse(await res.json()));
        },
      ),
      { numRuns: 40 },
    );
  });
});
