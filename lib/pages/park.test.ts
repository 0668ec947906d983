import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HouseSummary, Park, ParkHouse, SearchResults } from '@/lib/booking/types';

/**
 * The park page's data from the park data, the active-house list and one search, with the
 * partner replaced by plain answers so each case names what is missing.
 */

const partner = vi.hoisted(() => ({
  getParks: vi.fn(),
  getActiveHouses: vi.fn(),
  getParkById: vi.fn(),
  getParkActiveHouses: vi.fn(),
  searchHouses: vi.fn(),
}));
vi.mock('@/lib/partner-api', () => partner);

const { getHouseParkId, keepParkHouses, listParkHouses, loadParkPage } = await import('./park');
const { PartnerError } = await import('@/lib/partner-api/errors');

const TODAY = '2026-07-01';
const DUNES: Park = {
  id: 2,
  name: 'Duinpark',
  conditions: 'Quiet after 22:00.',
  virtualTourLink: 'https://tour.example/dunes',
  facilities: [{ id: 1, name: 'Pool', keyword: 'pool' }],
};
const WOODS: Park = { id: 1, name: 'Bospark', conditions: '', virtualTourLink: null, facilities: [] };

function summary(id: number, extra: Partial<HouseSummary> = {}): HouseSummary {
  return {
    id,
    name: `House ${id}`,
    persons: 4,
    bedrooms: 2,
    bathrooms: 1,
    beds: 4,
    maxPets: 0,
    surface: null,
    picture: `https://img.example/${id}.jpg`,
    pictures: [],
    description: '',
    price: null,
    ...extra,
  };
}

const ACTIVE: ParkHouse[] = [
  { id: 10, name: 'Duinhuis', parkId: 2 },
  { id: 11, name: 'Boshuis', parkId: 1 },
  { id: 12, name: '', parkId: 2 },
];
const FOUND: SearchResults = { houses: [summary(10), summary(11)], count: 2 };

beforeEach(() => {
  vi.clearAllMocks();
  partner.getParks.mockResolvedValue([WOODS, DUNES]);
  partner.getActiveHouses.mockResolvedValue(ACTIVE);
  partner.searchHouses.mockResolvedValue({ data: FOUND, stale: false });
});

describe('getHouseParkId', () => {
  it('takes the park the house names before the one its list entry names', () => {
    expect(getHouseParkId({ id: 10, parkId: 1 }, ACTIVE, [WOODS, DUNES])).toBe(1);
    expect(getHouseParkId({ id: 10 }, ACTIVE, [WOODS, DUNES])).toBe(2);
  });

  it('puts every house on the one park a single-park partner describes when no house names a park', () => {
    expect(getHouseParkId({ id: 7 }, [{ id: 7, name: 'x' }], [DUNES])).toBe(2);
  });

  it('does not put every house on a park that was asked for by id: the partner may run others', () => {
    expect(getHouseParkId({ id: 7 }, [{ id: 7, name: 'x' }], [{ ...DUNES, askedById: true }])).toBeUndefined();
  });

  it('leaves a house without a park when nothing links it and there are several parks', () => {
    expect(getHouseParkId({ id: 7 }, [{ id: 7, name: 'x' }], [WOODS, DUNES])).toBeUndefined();
    expect(getHouseParkId({ id: 7 }, ACTIVE, [DUNES])).toBeUndefined();
  });
});

describe('keepParkHouses (the search filter)', () => {
  it('keeps only the houses of the park and counts them', () => {
    const results = keepParkHouses(FOUND, 2, ACTIVE, [WOODS, DUNES]);
    expect(results.houses.map((house) => house.id)).toEqual([10]);
    expect(results.count).toBe(1);
  });

  it('finds nothing when no house can be linked to the park', () => {
    expect(keepParkHouses(FOUND, 2, [], [WOODS, DUNES])).toEqual({ houses: [], count: 0 });
  });
});

describe('listParkHouses', () => {
  it('lists the park houses in the list order, with what the search knows of each', () => {
    const houses = listParkHouses(2, [WOODS, DUNES], ACTIVE, FOUND.houses);
    expect(houses.map((house) => [house.id, house.name, house.summary?.picture ?? null])).toEqual([
      [10, 'House 10', 'https://img.example/10.jpg'],
      [12, '', null],
    ]);
  });

  it('adds a house the search links to the park that the list left out', () => {
    const houses = listParkHouses(2, [WOODS, DUNES], [], [summary(30, { parkId: 2 }), summary(31, { parkId: 1 })]);
    expect(houses.map((house) => house.id)).toEqual([30]);
  });
});

describe('loadParkPage', () => {
  it('gives the park with its facilities, tour, conditions and houses', async () => {
    const data = await loadParkPage(2, {}, 'en', TODAY);
    expect(data.park).toEqual(DUNES);
    expect(data.houses.map((house) => house.id)).toEqual([10, 12]);
    expect(data.housesKnown).toBe(true);
    expect(data.issues).toEqual([]);
  });

  it('reads a park the park data does not describe as not found, without reading houses', async () => {
    await expect(loadParkPage(5, {}, 'en', TODAY)).rejects.toMatchObject({ code: 'not_found' });
    expect(partner.searchHouses).not.toHaveBeenCalled();
  });

  it('fails with the partner error when the park data cannot be read (the page answers busy)', async () => {
    partner.getParks.mockRejectedValue(new PartnerError('rate_limited', 'busy', { retryAfterSeconds: 9 }));
    await expect(loadParkPage(2, {}, 'en', TODAY)).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 9 });
  });

  it('shows a park without conditions, tour or facilities, and houses without names, as they are', async () => {
    partner.getParks.mockResolvedValue([{ id: 2, name: '', conditions: '', virtualTourLink: null, facilities: [] }]);
    partner.getActiveHouses.mockResolvedValue([{ id: 12, name: '' }]);
    partner.searchHouses.mockResolvedValue({ data: { houses: [], count: 0 }, stale: false });
    const data = await loadParkPage(2, {}, 'en', TODAY);
    expect(data.park.name).toBe('');
    expect(data.houses).toEqual([{ id: 12, name: '' }]);
  });

  it('still shows the park when neither the house list nor the search can be read', async () => {
    partner.getActiveHouses.mockRejectedValue(new PartnerError('unavailable', 'down'));
    partner.searchHouses.mockRejectedValue(new PartnerError('unavailable', 'down'));
    const data = await loadParkPage(2, {}, 'en', TODAY);
    expect(data.park.id).toBe(2);
    expect(data.houses).toEqual([]);
    expect(data.housesKnown).toBe(false);
  });

  it('searches with the dates and party of the address, ignoring a house type or park in it', async () => {
    const data = await loadParkPage(
      2,
      { startDate: '2026-08-01', endDate: '2026-08-08', adults: '3', type: 'x', park: '1' },
      'en',
      TODAY,
    );
    expect(data.criteria).toMatchObject({ startDate: '2026-08-01', endDate: '2026-08-08', adults: 3 });
    expect(data.criteria).not.toHaveProperty('type');
    expect(data.criteria).not.toHaveProperty('park');
    expect(data.issues).toEqual([]);
    expect(partner.searchHouses).toHaveBeenCalledWith(data.criteria, 'en');
  });

  describe('when the park data names no park (the documented fields carry no id)', () => {
    const ASKED: Park = { id: 2, name: '', conditions: 'Quiet after 22:00.', virtualTourLink: null, facilities: [], askedById: true };

    beforeEach(() => {
      partner.getParks.mockResolvedValue([]);
      partner.getActiveHouses.mockResolvedValue([{ id: 10, name: 'Duinhuis' }, { id: 11, name: 'Boshuis' }]);
      partner.getParkById.mockResolvedValue(ASKED);
      partner.getParkActiveHouses.mockResolvedValue([{ id: 10, name: 'Duinhuis', parkId: 2 }]);
    });

    it('asks the partner for the park by its id and lists only the houses it lists for that park', async () => {
      const data = await loadParkPage(2, {}, 'en', TODAY);
      expect(partner.getParkById).toHaveBeenCalledWith(2, 'en');
      expect(partner.getParkActiveHouses).toHaveBeenCalledWith(2, 'en');
      expect(data.park).toEqual(ASKED);
      expect(data.houses.map((house) => [house.id, house.name, house.summary?.picture ?? null])).toEqual([
        [10, 'House 10', 'https://img.example/10.jpg'],
      ]);
      expect(data.housesKnown).toBe(true);
    });

    it('answers not found when the partner describes no such park', async () => {
      partner.getParkById.mockResolvedValue(null);
      await expect(loadParkPage(2, {}, 'en', TODAY)).rejects.toMatchObject({ code: 'not_found' });
      expect(partner.searchHouses).not.toHaveBeenCalled();
    });

    it('lists no house of another park when the park’s own house list cannot be read', async () => {
      partner.getParkActiveHouses.mockRejectedValue(new PartnerError('unavailable', 'down'));
      const data = await loadParkPage(2, {}, 'en', TODAY);
      expect(data.park).toEqual(ASKED);
      expect(data.houses).toEqual([]);
      expect(data.housesKnown).toBe(false);
    });

    it('does not ask for a park by id when the park data names other parks', async () => {
      partner.getParks.mockResolvedValue([WOODS]);
      await expect(loadParkPage(2, {}, 'en', TODAY)).rejects.toMatchObject({ code: 'not_found' });
      expect(partner.getParkById).not.toHaveBeenCalled();
    });
  });
});
