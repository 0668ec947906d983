import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsePartnerConfig } from './config';
import { OPERATIONS } from './operations';
import {
  createDefaultProfile,
  findProfileProblems,
  loadPartnerProfile,
  mergeProfile,
  OPERATION_NAMES,
  PartnerProfileError,
} from './profile';

const SHIPPED = path.resolve(__dirname, '../../profiles/partner-documented.json');

/** The lines a profile (as the content of PARTNER_PROFILE) and PARTNER_PATHS are refused with. */
function problemsOf(profile: unknown, paths?: string): readonly string[] {
  try {
    loadPartnerProfile(
      { PARTNER_PROFILE: profile === undefined ? undefined : 'profile.json', PARTNER_PATHS: paths },
      () => JSON.stringify(profile),
    );
  } catch (err) {
    if (err instanceof PartnerProfileError) return err.problems;
    throw err;
  }
  return [];
}

const KNOWN_OPERATIONS = OPERATION_NAMES.join(', ');

describe('the default profile', () => {
  it('is valid and is the sandbox: every operation with the method and path the sandbox serves', () => {
    const profile = createDefaultProfile();
    expect(findProfileProblems(profile)).toEqual([]);
    for (const op of OPERATION_NAMES) {
      expect(profile.operations[op]).toMatchObject({
        method: OPERATIONS[op].method,
        path: OPERATIONS[op].path,
      });
    }
    expect(profile.petFreeKeywords).toEqual(['pet-free']);
  });

  it('is what loads when neither PARTNER_PROFILE nor PARTNER_PATHS is set', () => {
    expect(loadPartnerProfile({})).toEqual(createDefaultProfile());
  });
});

describe('overrides', () => {
  it('merge objects key by key and replace lists and values', () => {
    const merged = mergeProfile(createDefaultProfile(), {
      petFreeKeywords: ['huisdiervrij'],
      operations: { searchHouses: { query: { animalNr: 'pets' } } },
    }) as ReturnType<typeof createDefaultProfile>;
    expect(merged.petFreeKeywords).toEqual(['huisdiervrij']);
    expect(merged.operations.searchHouses.query).toMatchObject({ animalNr: 'pets', adults: 'adults' });
    expect(merged.operations.searchHouses.path).toBe(OPERATIONS.searchHouses.path);
  });

  it('PARTNER_PATHS still sets paths, after PARTNER_PROFILE', () => {
    const profile = loadPartnerProfile(
      {
        PARTNER_PROFILE: 'p.json',
        PARTNER_PATHS: JSON.stringify({ preRegisterReservation: '/v9/pre-register' }),
      },
      () =>
        JSON.stringify({ operations: { preRegisterReservation: { path: '/api/pre-register-reservation' } } }),
    );
    expect(profile.operations.preRegisterReservation.path).toBe('/v9/pre-register');
  });

  it('reach the site configuration through PARTNER_PROFILE', () => {
    const config = parsePartnerConfig({ PARTNER_PROFILE: SHIPPED });
    expect(config.profile.operations.preRegisterReservation.path).toBe('/api/pre-register-reservation');
  });
});

describe('the shipped profile of the documented API', () => {
  it('loads and validates', () => {
    const profile = loadPartnerProfile({ PARTNER_PROFILE: SHIPPED });
    expect(profile.operations.preRegisterReservation).toMatchObject({
      method: 'POST',
      path: '/api/pre-register-reservation',
      dateFormat: 'date-time',
    });
    expect(profile.operations.finalizeReservation).toMatchObject({
      method: 'POST',
      path: '/finalizeReservation',
    });
    expect(profile.operations.houseDetails).toMatchObject({
      path: '/bungalow/api/v1/booking/houseDetails/{houseId}',
      dateFormat: 'date',
    });
    expect(profile.operations.optionalServices.dateFormat).toBe('date-time');
    expect(profile.petFreeKeywords).toContain('pet-free');
  });

  it('is plain JSON with no setting the checker does not know', () => {
    const raw: unknown = JSON.parse(readFileSync(SHIPPED, 'utf8'));
    expect(findProfileProblems(mergeProfile(createDefaultProfile(), raw))).toEqual([]);
  });
});

describe('every problem is one clear line', () => {
  const op = (name: string, settings: Record<string, unknown>) => ({ operations: { [name]: settings } });

  it.each([
    [
      'a house-details path without the house id',
      op('houseDetails', { path: '/houses/details' }),
      ['PARTNER_PROFILE operations.houseDetails.path: must contain {houseId}'],
    ],
    [
      'a placeholder the operation cannot fill',
      op('searchHouses', { path: '/parks/{parkId}/search' }),
      [
        'PARTNER_PROFILE operations.searchHouses.path: unknown placeholder {parkId} (this operation fills none)',
      ],
    ],
    [
      'a misspelt placeholder',
      op('houseDetails', { path: '/houseDetails/{houseID}' }),
      [
        'PARTNER_PROFILE operations.houseDetails.path: unknown placeholder {houseID} (this operation fills {houseId})',
        'PARTNER_PROFILE operations.houseDetails.path: must contain {houseId}',
      ],
    ],
    [
      'an unmatched brace',
      op('searchHouses', { path: '/search/{' }),
      ['PARTNER_PROFILE operations.searchHouses.path: has an unmatched { or }'],
    ],
    [
      'a path that is not a path',
      op('searchHouses', { path: 'searchHouses?x=1' }),
      [
        'PARTNER_PROFILE operations.searchHouses.path: must start with / and hold only letters, digits, / _ - . and {placeholders}',
      ],
    ],
    [
      'an unknown method',
      op('searchHouses', { method: 'PUT' }),
      ['PARTNER_PROFILE operations.searchHouses.method: must be "GET" or "POST"'],
    ],
    [
      'GET for a booking step',
      op('preRegisterReservation', { method: 'GET' }),
      [
        'PARTNER_PROFILE operations.preRegisterReservation.method: must be POST: a booking step changes a reservation',
      ],
    ],
    [
      'GET for a quote whose extra services cannot go into a query string',
      op('priceSpecifications', { method: 'GET' }),
      [
        'PARTNER_PROFILE operations.priceSpecifications.method: GET cannot carry extraServices (a list of objects) in a query string: use POST, or set body.extraServices to null if the partner takes none',
      ],
    ],
    [
      'an unknown date format',
      op('optionalServices', { dateFormat: 'iso' }),
      [
        'PARTNER_PROFILE operations.optionalServices.dateFormat: must be "date" (YYYY-MM-DD) or "date-time" (YYYY-MM-DDT00:00:00.000Z)',
      ],
    ],
    [
      'a query parameter the operation does not send',
      op('availableHouseUnits', { query: { pets: 'nrPets' } }),
      [
        'PARTNER_PROFILE operations.availableHouseUnits.query.pets: not a field this operation sends (known: houseId, startDate, endDate, adults, child0002, child0304, child0512, child1317, animalNr)',
      ],
    ],
    [
      'a name for an operation without fields',
      op('usedHouseTypes', { query: { parkId: 'park' } }),
      ['PARTNER_PROFILE operations.usedHouseTypes.query.parkId: this operation sends no fields'],
    ],
    [
      'body names for a read, whose fields are named under query whichever the method',
      op('searchHouses', { body: { houseID: 'id' } }),
      [
        "PARTNER_PROFILE operations.searchHouses.body.houseID: name this operation's fields under query, whichever the method",
      ],
    ],
    [
      'a partner name that is neither a name nor null',
      op('searchHouses', { query: { adults: 3 } }),
      ['PARTNER_PROFILE operations.searchHouses.query.adults: must be a string'],
    ],
    [
      'two fields under one partner name',
      op('searchHouses', { query: { adults: 'n', animalNr: 'n' } }),
      ['PARTNER_PROFILE operations.searchHouses.query: adults and animalNr are both sent as "n"'],
    ],
    [
      'a partner name that is not a name',
      op('searchHouses', { query: { adults: 'number of adults' } }),
      [
        'PARTNER_PROFILE operations.searchHouses.query.adults: must be a name of letters, digits, _ . - (at most 64)',
      ],
    ],
    [
      'an unknown operation',
      { operations: { bookHouse: { path: '/book' } } },
      [`PARTNER_PROFILE operations.bookHouse: unknown operation (known: ${KNOWN_OPERATIONS})`],
    ],
    [
      'an unknown setting of an operation',
      op('searchHouses', { verb: 'GET' }),
      [
        'PARTNER_PROFILE operations.searchHouses.verb: unknown setting (known: method, path, dateFormat, query, body, response, typeFilter)',
      ],
    ],
    [
      'an unknown top-level setting',
      { petFreeKeyword: 'pet-free' },
      ['PARTNER_PROFILE petFreeKeyword: unknown setting (known: description, petFreeKeywords, operations)'],
    ],
    [
      'no pet-free keyword',
      { petFreeKeywords: [] },
      ['PARTNER_PROFILE petFreeKeywords: must name at least one keyword'],
    ],
    [
      'an empty pet-free keyword',
      { petFreeKeywords: ['  '] },
      ['PARTNER_PROFILE petFreeKeywords.0: must not be empty'],
    ],
    [
      'an alias to a field our schema does not read',
      op('availableHouseUnits', { response: { petCount: 'pets' } }),
      [
        'PARTNER_PROFILE operations.availableHouseUnits.response.petCount: "pets" is not a field our schema reads at the top (known: unitId, unitNumber, houseId, startDate, endDate, nrPets, numberOfPets, allowPets, preferenceIds)',
      ],
    ],
    [
      'an alias inside a field that is not an object',
      op('searchHouses', { response: { 'houseCount.total': 'houseId' } }),
      [
        'PARTNER_PROFILE operations.searchHouses.response.houseCount.total: our schema reads no object at houseCount',
      ],
    ],
    [
      'settings that are not objects',
      op('searchHouses', { query: ['adults'] }),
      ["PARTNER_PROFILE operations.searchHouses.query: must be an object of our name → the partner's name"],
    ],
  ])('%s', (_, profile, lines) => {
    expect(problemsOf(profile)).toEqual(lines);
  });

  it('accepts aliases at the top, inside lists and under a renamed parent', () => {
    expect(
      problemsOf({
        operations: {
          availableHouseUnits: { response: { petCount: 'nrPets', id: 'unitId' } },
          searchHouses: {
            response: { houses: 'houseList', 'houses.id': 'houseId', 'houses.price.from': 'startDate' },
          },
        },
      }),
    ).toEqual([]);
  });

  it('lists several problems, one per line, in one error', () => {
    const lines = problemsOf({
      operations: { houseDetails: { path: '/h' }, searchHouses: { method: 'DELETE' } },
      petFreeKeywords: 'pet-free',
    });
    expect(lines).toEqual([
      'PARTNER_PROFILE petFreeKeywords: must be a list of keywords',
      'PARTNER_PROFILE operations.searchHouses.method: must be "GET" or "POST"',
      'PARTNER_PROFILE operations.houseDetails.path: must contain {houseId}',
    ]);
    expect(() =>
      parsePartnerConfig({ PARTNER_PATHS: '{"houseDetails":"/h","searchHouses":"/s/{x}"}' }),
    ).toThrow(
      'Invalid partner profile:\nPARTNER_PATHS searchHouses: unknown placeholder {x} (this operation fills none)\nPARTNER_PATHS houseDetails: must contain {houseId}',
    );
  });

  it('names the file that cannot be read or is not JSON', () => {
    expect(() => loadPartnerProfile({ PARTNER_PROFILE: '/nowhere/profile.json' })).toThrow(
      'Invalid partner profile:\nPARTNER_PROFILE: cannot read /nowhere/profile.json (ENOENT)',
    );
    expect(() => loadPartnerProfile({ PARTNER_PROFILE: 'p.json' }, () => '{ operations: ')).toThrow(
      'PARTNER_PROFILE: p.json is not valid JSON',
    );
    expect(() => loadPartnerProfile({ PARTNER_PROFILE: 'p.json' }, () => '[]')).toThrow(
      'PARTNER_PROFILE: p.json must hold a JSON object',
    );
  });

  it.each([
    ['{"houseDetails":', 'PARTNER_PATHS: not valid JSON (expected an object of operation → path)'],
    ['["/a"]', 'PARTNER_PATHS: must be a JSON object of operation → path'],
    ['{"bookIt":"/book"}', `PARTNER_PATHS bookIt: unknown operation (known: ${KNOWN_OPERATIONS})`],
    ['{"searchHouses":3}', 'PARTNER_PATHS searchHouses: must be a path string'],
    ['{"houseDetails":"/houseDetails"}', 'PARTNER_PATHS houseDetails: must contain {houseId}'],
  ])('PARTNER_PATHS %s', (paths, line) => {
    expect(problemsOf(undefined, paths)).toEqual([line]);
  });
});
