import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HouseDetail, HouseType, Park, ParkHouse, SearchResults } from '@/lib/booking/types';

/**
 * The house page's data when the partner leaves optional fields out: the park and the house
 * type decorate the page and disappear on their own; the house itself always shows. The
 * partner is replaced by plain answers, so each case names exactly what is missing.
 */

const partner = vi.hoisted(() => ({
  getHouse: vi.fn(),
  getHouseTypes: vi.fn(),
  getParks: vi.fn(),
  getActiveHouses: vi.fn(),
  searchHouses: vi.fn(),
}));
vi.mock('@/lib/partner-api', () => partner);

const { findHousePark, loadHousePage } = await import('./house');

const PARTY = { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 };

function house(extra: Partial<HouseDetail> = {}): HouseDetail {
  return {
    id: 101,
    name: 'Duinhuis',
    persons: 4,
    maxPets: 0,
    facts: [],
    descriptions: { location: '', interior: '', surroundings: '', parkConditions: '' },
    pictures: [],
    virtualTourLink: null,
    mandatoryServices: [],
    optionalServices: [],
    preferences: [],
    features: [],
    availableStartDates: [],
    availableEndDates: [],
    selectedPeriod: null,
    ...extra,
  };
}

const PARK: Park = { id: 9, name: 'Duinpark', conditions: '', virtualTourLink: null, facilities: [] };
const OTHER_PARK: Park = { ...PARK, id: 4, name: 'Bospark' };
const TYPES: HouseType[] = [{ id: 3, name: 'Villa' }];
const NO_RESULTS: { data: SearchResults; stale: boolean } = { data: { houses: [], count: 0 }, stale: false };

function answer(detail: HouseDetail) {
  partner.getHouse.mockResolvedValue({ data: detail, stale: false });
}

beforeEach(() => {
  vi.clearAllMocks();
  partner.getHouseTypes.mockResolvedValue(TYPES);
  partner.getParks.mockResolvedValue([OTHER_PARK, PARK]);
  partner.getActiveHouses.mockResolvedValue([] as ParkHouse[]);
  partner.searchHouses.mockResolvedValue(NO_RESULTS);
});

async function load(houseId = 101) {
  return loadHousePage(houseId, { stay: {}, party: PARTY, issues: [] }, 'en');
}

describe('findHousePark', () => {
  it('uses the park the house names', () => {
    expect(findHousePark({ id: 101, parkId: 9 }, [OTHER_PARK, PARK], [])).toBe(PARK);
  });

  it('finds the park through the active-house list when the house names none', () => {
    expect(findHousePark({ id: 101 }, [OTHER_PARK, PARK], [{ id: 101, name: '', parkId: 9 }])).toBe(PARK);
  });

  it('finds none when neither the house nor the list links it, or the park is not described', () => {
    expect(findHousePark({ id: 101 }, [PARK], [{ id: 101, name: '' }])).toBeUndefined();
    expect(findHousePark({ id: 101 }, [PARK], [{ id: 102, name: '', parkId: 9 }])).toBeUndefined();
    expect(findHousePark({ id: 101, parkId: 5 }, [PARK], [])).toBeUndefined();
  });
});

describe('loadHousePage when optional fields are missing', () => {
  it('shows the park and type the house names', async () => {
    answer(house({ parkId: 9, houseTypeId: 3 }));
    const data = await load();
    expect(data.park).toBe(PARK);
    expect(data.typeName).toBe('Villa');
    expect(partner.getActiveHouses).not.toHaveBeenCalled();
  });

  it('finds the park through the active houses when the house has no parkId', async () => {
    answer(house());
    partner.getActiveHouses.mockResolvedValue([{ id: 101, name: 'Duinhuis', parkId: 9 }]);
    expect((await load()).park).toBe(PARK);
  });

  it('leaves the park and type out, and still shows the house, when nothing links them', async () => {
    answer(house());
    partner.getActiveHouses.mockResolvedValue([{ id: 101, name: 'Duinhuis' }]);
    const data = await load();
    expect(data.house.id).toBe(101);
    expect(data.park).toBeUndefined();
    expect(data.typeName).toBeUndefined();
    // Without a type id there is nothing to name, so the types are not even asked for.
    expect(partner.getHouseTypes).not.toHaveBeenCalled();
  });

  it('leaves the park out when the park data carries no ids (no park could be mapped)', async () => {
    answer(house({ parkId: 9 }));
    partner.getParks.mockResolvedValue([]);
    expect((await load()).park).toBeUndefined();
  });

  it('still shows the house when the reference data cannot be read at all', async () => {
    answer(house({ parkId: 9, houseTypeId: 3 }));
    partner.getParks.mockRejectedValue(new Error('down'));
    partner.getHouseTypes.mockRejectedValue(new Error('down'));
    const data = await load();
    expect(data.house.name).toBe('Duinhuis');
    expect(data.park).toBeUndefined();
    expect(data.typeName).toBeUndefined();
  });

  it('offers no default stay when the search answer has no price for the house', async () => {
    answer(house());
    partner.searchHouses.mockResolvedValue({
      data: { houses: [{ id: 101, price: null }], count: 1 },
      stale: false,
    });
    expect((await load()).suggestion).toBeUndefined();
  });

  it('offers the default stay the search prices without dates', async () => {
    answer(house());
    const price = {
      startDate: '2026-06-12',
      endDate: '2026-06-14',
      full: 300,
      nights: 2,
      perNight: 150,
      currency: 'EUR' as const,
    };
    partner.searchHouses.mockResolvedValue({ data: { houses: [{ id: 101, price }], count: 1 }, stale: false });
    expect((await load()).suggestion).toEqual(price);
  });

  it('takes a stay beyond the partner\'s list of arrivals when the partner prices it for these dates', async () => {
    // The list of arrivals covers the next months only; a summer stay found in search in winter
    // is still priced by the partner when asked for its dates, and books.
    const stay = { startDate: '2027-07-05', endDate: '2027-07-08' };
    const period = { ...stay, full: 344.54, nights: 3, perNight: 114.85, currency: 'EUR' as const };
    answer(
      house({
        availableStartDates: ['2026-12-04', '2027-05-30'],
        availableEndDates: ['2027-07-08', '2027-07-12'],
        selectedPeriod: period,
      }),
    );
    const data = await loadHousePage(101, { stay, party: PARTY, issues: [] }, 'en');
    expect(data.stayNote).toBeNull();
    expect(data.initialStay).toEqual(stay);
    expect(data.initialPrice).toEqual(period);
    expect(data.initialDepartures).toEqual(['2027-07-08', '2027-07-12']);

    // Departures for the arrival, without dates to price: the arrival is taken, the guest picks one.
    answer(house({ availableStartDates: ['2026-12-04'], availableEndDates: ['2027-07-08'] }));
    const open = await loadHousePage(101, { stay: { startDate: '2027-07-05' }, party: PARTY, issues: [] }, 'en');
    expect(open.stayNote).toBeNull();
    expect(open.initialStay).toEqual({ startDate: '2027-07-05' });

    // Neither in the list nor priced nor with departures: not an arrival.
    answer(house({ availableStartDates: ['2026-12-04'] }));
    const refused = await loadHousePage(101, { stay, party: PARTY, issues: [] }, 'en');
    expect(refused.stayNote).toBe('arrivalUnavailable');

    // A price for other dates than asked for does not make these bookable.
    answer(house({ availableStartDates: ['2026-12-04'], selectedPeriod: { ...period, startDate: '2027-07-06' } }));
    expect((await loadHousePage(101, { stay, party: PARTY, issues: [] }, 'en')).stayNote).toBe('arrivalUnavailable');
  });

  it('keeps the dates of a link whose party the house cannot take, so they are still chosen once the party fits', async () => {
    // The partner offers no arrival to a party of six in a house for four.
    answer(house({ persons: 4, availableStartDates: [] }));
    const stay = { startDate: '2026-06-12', endDate: '2026-06-15' };
    const data = await loadHousePage(101, { stay, party: { ...PARTY, adults: 6 }, issues: [] }, 'en');
    expect(data.initialStay).toEqual(stay);
    expect(data.initialPrice).toBeUndefined();
    expect(data.stayNote).toBeNull();
  });
});
