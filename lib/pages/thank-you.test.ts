import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoneSummary } from '@/lib/booking-flow/records/booking-records';

const partner = vi.hoisted(() => ({
  getHouse: vi.fn(),
  getParks: vi.fn(),
  getActiveHouses: vi.fn(),
}));
vi.mock('@/lib/partner-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/partner-api')>()),
  ...partner,
}));

const { findBookedHouseFacts, toBookedSummary } = await import('./thank-you');

function done(overrides: Partial<DoneSummary> = {}): DoneSummary {
  return {
    v: 1,
    houseId: 1015,
    houseName: 'Duinhuis',
    startDate: '2030-05-03',
    endDate: '2030-05-06',
    party: { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 1 },
    cancellationFund: false,
    preferenceIds: [307, 312],
    unit: { id: 88, number: '12', allowPets: false, preferenceIds: [312], maxPets: null },
    price: { groups: [], total: null },
    terms: {
      paymentBookingType: 'Normal',
      fullPayAmount: 400,
      firstPayAmount: null,
      cancellationFundPossible: false,
      cancellationFund: null,
    },
    txn: 'digest',
    reservationCode: 'R-1',
    paymentType: 'Later',
    status: 'confirmed',
    finalizedAt: 0,
    ...overrides,
  };
}

function house(preferences: { id: number; name: string }[]) {
  return {
    data: {
      id: 1015,
      parkId: undefined,
      descriptions: { parkConditions: '' },
      preferences: preferences.map((p) => ({ ...p, cost: 0, costType: 'PER_STAY', hasDatePicker: false })),
    },
  };
}

beforeEach(() => {
  vi.resetAllMocks();
  partner.getParks.mockResolvedValue([]);
  partner.getActiveHouses.mockResolvedValue([]);
});

describe('the thank-you page’s booked preferences', () => {
  it('derives what the booked unit confirms from the record, without asking the partner', () => {
    const summary = toBookedSummary(done(), { parkName: null, parkConditions: null, preferences: [] });
    expect(summary.unitCheck).toEqual({
      confirmed: [312],
      unconfirmed: [307],
      lacking: [307],
      pets: 'refused',
    });
    expect(partner.getHouse).not.toHaveBeenCalled();
  });

  it('reads a unit the partner said nothing about as nothing confirmed', () => {
    const summary = toBookedSummary(done({ unit: null }), {
      parkName: null,
      parkConditions: null,
      preferences: [],
    });
    expect(summary.unitCheck).toEqual({
      confirmed: [],
      unconfirmed: [307, 312],
      lacking: [],
      pets: 'unconfirmed',
    });
  });

  it('names the chosen preferences from the house read in the page’s language, and only those', async () => {
    partner.getHouse.mockResolvedValue(
      house([
        { id: 301, name: 'Rez-de-chaussée' },
        { id: 307, name: 'Sans animaux' },
        { id: 312, name: 'Près de la plage' },
      ]),
    );
    const facts = await findBookedHouseFacts(done(), 'fr');
    expect(partner.getHouse).toHaveBeenCalledWith(1015, expect.anything(), 'fr');
    expect(facts.preferences).toEqual([
      { id: 307, name: 'Sans animaux' },
      { id: 312, name: 'Près de la plage' },
    ]);
  });

  it('goes without the names when the house cannot be read', async () => {
    partner.getHouse.mockRejectedValue(new Error('down'));
    expect((await findBookedHouseFacts(done(), 'en')).preferences).toEqual([]);
  });
});
