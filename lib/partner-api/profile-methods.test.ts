import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { startRecordingPartner, type RecordedRequest } from './testing/fake-partner';
import { PartnerProfileError, loadPartnerProfile } from './profile';

/**
 * A read may be GET with its fields in the query string or POST with them in a JSON body, as the
 * partner's profile says; the fields keep the profile's names either way. Recorded at the wire by
 * a loopback server standing in for the partner.
 */

const recorded: RecordedRequest[] = [];

function answerFor(pathname: string): unknown {
  if (pathname.includes('search')) return { houseList: [], houseCount: 0 };
  if (pathname.includes('quote')) return {};
  return [];
}

let partner: Awaited<ReturnType<typeof startRecordingPartner>>;

beforeAll(async () => {
  partner = await startRecordingPartner(recorded, answerFor);
});

afterAll(() => partner.close());

beforeEach(() => {
  recorded.length = 0;
});

function profileFile(profile: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'profile-')), 'profile.json');
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

async function clientWith(profile: unknown) {
  const { parsePartnerConfig } = await import('./config');
  const { partnerFetch } = await import('./client');
  const schemas = await import('./schemas');
  return {
    config: parsePartnerConfig({
      SANDBOX_URL: process.env.SANDBOX_URL,
      PARTNER_PROFILE: profileFile(profile),
    }),
    partnerFetch,
    schemas,
  };
}

function problemsOf(profile: unknown): readonly string[] {
  try {
    loadPartnerProfile({ PARTNER_PROFILE: 'profile.json' }, () => JSON.stringify(profile));
  } catch (err) {
    if (err instanceof PartnerProfileError) return err.problems;
    throw err;
  }
  return [];
}

const party = { ...DEFAULT_PARTY, child0304: 1, pets: 1 };
const quote = {
  houseId: 7,
  startDate: '2026-07-10',
  endDate: '2026-07-12',
  party,
  unitId: 12,
  preferenceIds: [301, 302],
  cancellationFund: true,
};

describe('a price quote as GET', () => {
  const GET_QUOTE = {
    operations: {
      priceSpecifications: {
        method: 'GET',
        path: '/v2/quote',
        body: { houseID: 'houseId', animalNr: 'pets', extraServices: null },
      },
    },
  };

  it('writes the selection into the query string: names renamed, lists with commas, true as "true"', async () => {
    const { config, partnerFetch, schemas } = await clientWith(GET_QUOTE);
    const { toSelectionModel } = await import('./query');
    await partnerFetch(
      'priceSpecifications',
      schemas.PreBookingResultSchema,
      { body: toSelectionModel(quote) },
      config,
    );
    expect(recorded).toEqual([
      {
        method: 'GET',
        path: '/v2/quote',
        query: {
          houseId: '7',
          startDate: '2026-07-10T00:00:00.000Z',
          endDate: '2026-07-12T00:00:00.000Z',
          adults: '2',
          child0002: '0',
          child0304: '1',
          child0512: '0',
          child1317: '0',
          pets: '1',
          unitId: '12',
          preferences: '301,302',
          cancellationFund: 'true',
        },
        body: undefined,
      },
    ]);
  });

  it('does not send a quote with extra services the partner’s quote cannot take, rather than price it without them', async () => {
    const { config, partnerFetch, schemas } = await clientWith(GET_QUOTE);
    const { toSelectionModel } = await import('./query');
    const body = toSelectionModel({ ...quote, services: [{ id: 501, quantity: 2 }] });
    await expect(
      partnerFetch('priceSpecifications', schemas.PreBookingResultSchema, { body }, config),
    ).rejects.toMatchObject({ code: 'invalid_input', notSent: true });
    expect(recorded).toEqual([]);
  });

  it('is refused at start-up, in one line, while the extra services (a list of objects) would have to go into a query', () => {
    expect(problemsOf({ operations: { priceSpecifications: { method: 'GET' } } })).toEqual([
      'PARTNER_PROFILE operations.priceSpecifications.method: GET cannot carry extraServices (a list of objects) in a query string: use POST, or set body.extraServices to null if the partner takes none',
    ]);
  });

  it('bookings stay POST', () => {
    expect(problemsOf({ operations: { finalizeReservation: { method: 'GET' } } })).toEqual([
      'PARTNER_PROFILE operations.finalizeReservation.method: must be POST: a booking step changes a reservation',
    ]);
  });
});

describe('a read as POST', () => {
  it('sends its fields as a JSON body under the profile’s names, numbers as numbers, and no query string', async () => {
    const { config, partnerFetch, schemas } = await clientWith({
      operations: {
        searchHouses: { method: 'POST', path: '/v2/search', query: { animalNr: 'pets', startDate: 'from' } },
      },
    });
    const { toSearchQuery } = await import('./query');
    const query = toSearchQuery({ startDate: '2026-07-10', endDate: '2026-07-12', ...party, type: 3 });
    await partnerFetch('searchHouses', schemas.HousesSearchResultSchema, { query }, config);
    expect(recorded).toEqual([
      {
        method: 'POST',
        path: '/v2/search',
        query: {},
        body: {
          from: '2026-07-10',
          endDate: '2026-07-12',
          adults: 2,
          child0002: 0,
          child0304: 1,
          child0512: 0,
          child1317: 0,
          pets: 1,
          houseTypeId: 3,
        },
      },
    ]);
  });
});

describe('the park id parameter', () => {
  it('carries the partner’s name for parkData and parkActiveHouses', async () => {
    const { config, partnerFetch, schemas } = await clientWith({
      operations: {
        parkData: { query: { parkId: 'park' } },
        parkActiveHouses: { method: 'POST', query: { parkId: 'parkID' } },
      },
    });
    await partnerFetch('parkData', schemas.ParkDataResultSchema, { query: { parkId: 3 } }, config);
    await partnerFetch(
      'parkActiveHouses',
      schemas.ParkActiveHousesResultSchema,
      { query: { parkId: 3 } },
      config,
    );
    expect(recorded).toEqual([
      { method: 'GET', path: '/bungalow/api/v1/booking/parkData', query: { park: '3' }, body: undefined },
      { method: 'POST', path: '/bungalow/api/v1/booking/parkActiveHouses', query: {}, body: { parkID: 3 } },
    ]);
  });
});
