import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { replaceGateway } from './gateway';
import { mapHouseTypes } from './mappers/booking';
import { PartnerProfileError, loadPartnerProfile } from './profile';
import { startFakePartner } from './testing/fake-partner';

/**
 * House types the partner names without an id: each gets an id of its own, derived from its
 * name, and the profile says whether the partner's search takes a type's id or its name.
 */

describe('a house type without an id', () => {
  it('gets a stable id derived from its name, the same for the same name however spaced or cased', () => {
    const [villa, chalet] = mapHouseTypes([{ name: 'Villa' }, { name: 'Chalet' }]);
    expect(villa).toEqual({ id: expect.any(Number), name: 'Villa', byName: true });
    expect(villa!.id).toBeGreaterThan(0);
    expect(villa!.id).toBeLessThanOrEqual(2_147_483_647);
    expect(chalet!.id).not.toBe(villa!.id);
    expect(mapHouseTypes([{ name: '  villa ' }])[0]!.id).toBe(villa!.id);
    expect(mapHouseTypes([{ id: null, name: 'Villa' }, { name: 'VILLA' }])).toEqual([villa]);
  });

  it('never takes the id of a type the partner numbered itself', () => {
    const derived = mapHouseTypes([{ name: 'Villa' }])[0]!.id;
    expect(mapHouseTypes([{ id: derived, name: 'Bungalow' }, { name: 'Villa' }])).toEqual([
      { id: derived, name: 'Bungalow' },
    ]);
  });

  it('is dropped with neither an id nor a name: there is nothing to show or search for', () => {
    expect(mapHouseTypes([{}, { name: ' ' }, { id: 4, name: 'Villa' }])).toEqual([{ id: 4, name: 'Villa' }]);
  });
});

describe('the profile’s type filter', () => {
  const problemsOf = (profile: unknown): readonly string[] => {
    try {
      loadPartnerProfile({ PARTNER_PROFILE: 'profile.json' }, () => JSON.stringify(profile));
    } catch (err) {
      if (err instanceof PartnerProfileError) return err.problems;
      throw err;
    }
    return [];
  };

  it('is "id" or "name", and only for searchHouses', () => {
    expect(problemsOf({ operations: { searchHouses: { typeFilter: 'name' } } })).toEqual([]);
    expect(problemsOf({ operations: { searchHouses: { typeFilter: 'label' } } })).toEqual([
      'PARTNER_PROFILE operations.searchHouses.typeFilter: must be "id" (the search takes a type\'s id) or "name" (its name)',
    ]);
    expect(problemsOf({ operations: { houseDetails: { typeFilter: 'name' } } })).toEqual([
      'PARTNER_PROFILE operations.houseDetails.typeFilter: only searchHouses filters by house type',
    ]);
  });
});

describe('searching by a house type the partner names without an id', () => {
  let types: unknown = [{ name: 'Villa' }, { name: 'Chalet' }];
  const searched: URLSearchParams[] = [];
  let partner: Awaited<ReturnType<typeof startFakePartner>>;

  beforeAll(async () => {
    partner = await startFakePartner((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.endsWith('/searchHouses')) searched.push(url.searchParams);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(url.pathname.endsWith('/usedHouseTypes') ? types : { houseList: [], houseCount: 0 }),
      );
    });
  });

  afterAll(() => partner.close());

  beforeEach(() => {
    searched.length = 0;
    types = [{ name: 'Villa' }, { name: 'Chalet' }];
    vi.resetModules();
    replaceGateway(undefined);
  });

  afterEach(() => {
    delete process.env.PARTNER_PROFILE;
  });

  async function withProfile(profile: unknown) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'profile-')), 'profile.json');
    writeFileSync(file, JSON.stringify(profile));
    process.env.PARTNER_PROFILE = file;
    return import('./index');
  }

  it('sends the type’s name when the profile says the search takes names', async () => {
    const partnerApi = await withProfile({
      operations: { searchHouses: { typeFilter: 'name', query: { houseTypeId: 'houseType' } } },
    });
    const filter = await partnerApi.getHouseTypeFilter('en');
    expect(filter.types.map((type) => type.name)).toEqual(['Villa', 'Chalet']);
    expect(filter.unsearchable).toBe(0);
    await partnerApi.searchHouses({ ...DEFAULT_PARTY, type: filter.types[1]!.id }, 'en');
    expect(searched.map((query) => query.get('houseType'))).toEqual(['Chalet']);
  });

  it('offers no type to filter by when the search takes ids and the partner gives names only', async () => {
    const partnerApi = await withProfile({});
    expect(await partnerApi.getHouseTypeFilter('en')).toEqual({ types: [], unsearchable: 2 });
  });

  it('refuses, without asking the partner, a type id its list does not name', async () => {
    const partnerApi = await withProfile({ operations: { searchHouses: { typeFilter: 'name' } } });
    await expect(partnerApi.searchHouses({ ...DEFAULT_PARTY, type: 99 }, 'en')).rejects.toMatchObject({
      code: 'invalid_input',
      notSent: true,
    });
    expect(searched).toEqual([]);
  });

  it('keeps sending partner ids, without reading the list, when the search takes ids', async () => {
    types = [{ id: 5, name: 'Villa' }];
    const partnerApi = await withProfile({});
    await partnerApi.searchHouses({ ...DEFAULT_PARTY, type: 5 }, 'en');
    expect(searched.map((query) => query.get('houseTypeId'))).toEqual(['5']);
    expect((await partnerApi.getHouseTypeFilter('en')).types).toEqual([{ id: 5, name: 'Villa' }]);
  });
});
