import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VALID } from '@/lib/booking/fixtures/guests';
import { GuestSchema } from '@/lib/booking/guest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { replaceGateway } from './gateway';
import { startRecordingPartner, type RecordedRequest } from './testing/fake-partner';

/**
 * What the site sends the partner, recorded at the wire by a loopback server standing in for the
 * partner: with the default profile every operation's method, path, query and body must stay
 * exactly what the client sent before the profile existed (the sandbox reads exactly these).
 */

const recorded: RecordedRequest[] = [];

/** A valid, tiny answer per operation, so each call completes. */
function answerFor(path: string): unknown {
  if (path.includes('search')) return { houseList: [], houseCount: 0 };
  if (path.includes('houseDetails') || path.includes('/details')) return { houseId: 7 };
  if (path === '/v2/units') return [{ code: 12, label: 'A102', petCount: 1, unitId: null }];
  if (path.includes('parkActiveHouses')) return [{ id: 7, name: 'Duinhuis' }];
  if (path.includes('priceSpecifications') || path.includes('Reservation') || path.includes('reservation'))
    return { transactionId: 'T-1' };
  return [];
}

let partner: Awaited<ReturnType<typeof startRecordingPartner>>;

beforeAll(async () => {
  partner = await startRecordingPartner(recorded, answerFor);
});

afterAll(() => partner.close());

beforeEach(() => {
  recorded.length = 0;
  replaceGateway(undefined);
});

const P = '/bungalow/api/v1/booking';
const party = { ...DEFAULT_PARTY, child0304: 1, pets: 1 };
const selection = {
  houseId: 7,
  startDate: '2026-07-10',
  endDate: '2026-07-12',
  party,
  unitId: 12,
  preferenceIds: [301, 302],
  services: [
    { id: 501, quantity: 2, date: '2026-07-11' },
    { id: 502, quantity: 1 },
  ],
  cancellationFund: true,
};
const partyQuery = {
  adults: '2',
  child0002: '0',
  child0304: '1',
  child0512: '0',
  child1317: '0',
  animalNr: '1',
};
const selectionBody = {
  houseID: 7,
  startDate: '2026-07-10T00:00:00.000Z',
  endDate: '2026-07-12T00:00:00.000Z',
  adults: 2,
  child0002: 0,
  child0304: 1,
  child0512: 0,
  child1317: 0,
  animalNr: 1,
  unitId: 12,
  preferences: [301, 302],
  extraServices: [
    { id: 501, quantity: 2, date: '2026-07-11T00:00:00.000Z' },
    { id: 502, quantity: 1 },
  ],
  cancellationFund: true,
};

describe('the default profile sends what the client always sent', () => {
  it('searchHouses: GET with the stay, every party count and the house type', async () => {
    const { searchHouses } = await import('./index');
    await searchHouses({ startDate: '2026-07-10', endDate: '2026-07-12', ...party, type: 5 }, 'en');
    expect(recorded).toEqual([
      {
        method: 'GET',
        path: `${P}/searchHouses`,
        query: { startDate: '2026-07-10', endDate: '2026-07-12', ...partyQuery, houseTypeId: '5' },
        body: undefined,
      },
    ]);
  });

  it('houseDetails: GET with the house id in the path and the stay as calendar dates', async () => {
    const { getHouse } = await import('./index');
    await getHouse(7, { startDate: '2026-07-10', endDate: '2026-07-12', party }, 'nl');
    expect(recorded).toEqual([
      { method: 'GET', path: `${P}/parkActiveHouses`, query: {}, body: undefined },
      {
        method: 'GET',
        path: `${P}/houseDetails/7`,
        query: { startDate: '2026-07-10', endDate: '2026-07-12', ...partyQuery },
        body: undefined,
      },
    ]);
  });

  it('optionalServices: GET with the house id and the stay as date-times', async () => {
    const { getOptionalServices } = await import('./index');
    await getOptionalServices(7, { startDate: '2026-07-10', endDate: '2026-07-12' }, 'nl');
    expect(recorded.at(-1)).toEqual({
      method: 'GET',
      path: `${P}/optionalServices`,
      query: { houseId: '7', startDate: '2026-07-10T00:00:00.000Z', endDate: '2026-07-12T00:00:00.000Z' },
      body: undefined,
    });
  });

  it('availableHouseUnits: GET with the house id, the stay and the party', async () => {
    const { getAvailableUnits } = await import('./index');
    await getAvailableUnits(7, { startDate: '2026-07-10', endDate: '2026-07-12' }, party, 'nl');
    expect(recorded.at(-1)).toEqual({
      method: 'GET',
      path: `${P}/availableHouseUnits`,
      query: { houseId: '7', startDate: '2026-07-10', endDate: '2026-07-12', ...partyQuery },
      body: undefined,
    });
  });

  it('usedHouseTypes, parkData, parkActiveHouses: GET without parameters', async () => {
    const { getActiveHouses, getHouseTypes, getParks } = await import('./index');
    await getHouseTypes('nl');
    await getParks('nl');
    await getActiveHouses('nl');
    expect(recorded).toEqual([
      { method: 'GET', path: `${P}/usedHouseTypes`, query: {}, body: undefined },
      { method: 'GET', path: `${P}/parkData`, query: {}, body: undefined },
      { method: 'GET', path: `${P}/parkActiveHouses`, query: {}, body: undefined },
    ]);
  });

  it('parkData and parkActiveHouses for one park: GET with its parkId', async () => {
    const { getParkActiveHouses, getParkById } = await import('./index');
    await getParkById(2, 'nl');
    await getParkActiveHouses(2, 'nl');
    expect(recorded).toEqual([
      { method: 'GET', path: `${P}/parkData`, query: { parkId: '2' }, body: undefined },
      { method: 'GET', path: `${P}/parkActiveHouses`, query: { parkId: '2' }, body: undefined },
    ]);
  });

  it('priceSpecifications: POST with the selection under the BookingModel names', async () => {
    const { getPriceQuote } = await import('./index');
    await getPriceQuote(selection, 'nl');
    expect(recorded.at(-1)).toEqual({
      method: 'POST',
      path: `${P}/priceSpecifications`,
      query: {},
      body: selectionBody,
    });
  });

  it('preRegisterReservation: POST with the selection, the guest and the transaction', async () => {
    const { preRegister } = await import('./index');
    const guest = GuestSchema.parse({ ...VALID, insertion: 'van', language: 'de' });
    await preRegister(selection, guest, 'T-0', 'nl');
    expect(recorded).toEqual([
      {
        method: 'POST',
        path: `${P}/preRegisterReservation`,
        query: {},
        body: {
          ...selectionBody,
          firstname: 'Jan',
          insertion: 'van',
          lastName: 'Jansen',
          address: 'Dorpsstraat',
          houseNr: '12a',
          zipCode: '1234 AB',
          city: 'Utrecht',
          countryCode: 'NL',
          email: 'jan@example.nl',
          phoneNumber: guest.phone,
          mobilePhone: null,
          language: 'DE',
          transactionId: 'T-0',
        },
      },
    ]);
  });

  it('finalizeReservation: POST with the transaction, the payment type and the return address', async () => {
    const { finalize } = await import('./index');
    await finalize(
      { transactionId: 'T-1', paymentType: 'Later', thankYouPageUrl: 'https://site.example/ty' },
      'nl',
    );
    expect(recorded).toEqual([
      {
        method: 'POST',
        path: `${P}/finalizeReservation`,
        query: {},
        body: { transactionId: 'T-1', paymentType: 'Later', thankYouPageUrl: 'https://site.example/ty' },
      },
    ]);
  });
});

describe('a profile override changes what is sent and how the answer is read', () => {
  async function clientWith(profile: unknown) {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'profile-')), 'profile.json');
    writeFileSync(file, JSON.stringify(profile));
    const { parsePartnerConfig } = await import('./config');
    const { partnerFetch } = await import('./client');
    return {
      config: parsePartnerConfig({ SANDBOX_URL: process.env.SANDBOX_URL, PARTNER_PROFILE: file }),
      partnerFetch,
    };
  }

  it('renames query parameters, writes dates in the chosen format and moves the path', async () => {
    const { config, partnerFetch } = await clientWith({
      operations: {
        searchHouses: {
          path: '/v2/houses/search',
          dateFormat: 'date-time',
          query: { startDate: 'from', endDate: 'to', animalNr: 'pets' },
        },
      },
    });
    const { toSearchQuery } = await import('./query');
    const { HousesSearchResultSchema } = await import('./schemas');
    const query = toSearchQuery({ startDate: '2026-07-10', endDate: '2026-07-12', ...party });
    await partnerFetch('searchHouses', HousesSearchResultSchema, { query }, config);
    expect(recorded).toEqual([
      {
        method: 'GET',
        path: '/v2/houses/search',
        query: {
          from: '2026-07-10T00:00:00.000Z',
          to: '2026-07-12T00:00:00.000Z',
          adults: '2',
          child0002: '0',
          child0304: '1',
          child0512: '0',
          child1317: '0',
          pets: '1',
        },
        body: undefined,
      },
    ]);
  });

  it('fills a moved placeholder and sends a read as POST with its parameters in the body', async () => {
    const { config, partnerFetch } = await clientWith({
      operations: {
        houseDetails: { method: 'POST', path: '/houses/{houseId}/details', query: { startDate: 'arrival' } },
      },
    });
    const { HouseDetailsSchema } = await import('./schemas');
    await partnerFetch(
      'houseDetails',
      HouseDetailsSchema,
      { pathParams: { houseId: 7 }, query: { startDate: '2026-07-10', adults: 2 } },
      config,
    );
    expect(recorded).toEqual([
      { method: 'POST', path: '/houses/7/details', query: {}, body: { arrival: '2026-07-10', adults: 2 } },
    ]);
  });

  it('renames body fields, nested ones too, and writes calendar dates', async () => {
    const { config, partnerFetch } = await clientWith({
      operations: {
        preRegisterReservation: {
          path: '/api/pre-register-reservation',
          dateFormat: 'date',
          body: { houseID: 'houseId', firstname: 'firstName', 'extraServices.id': 'serviceId' },
        },
      },
    });
    const { toSelectionModel } = await import('./query');
    const { PreBookingResultSchema } = await import('./schemas');
    const body = { ...toSelectionModel(selection), firstname: 'Jan', lastName: 'Jansen' };
    await partnerFetch('preRegisterReservation', PreBookingResultSchema, { body }, config);
    expect(recorded).toEqual([
      {
        method: 'POST',
        path: '/api/pre-register-reservation',
        query: {},
        body: {
          ...selectionBody,
          houseID: undefined,
          houseId: 7,
          startDate: '2026-07-10',
          endDate: '2026-07-12',
          extraServices: [
            { serviceId: 501, quantity: 2, date: '2026-07-11' },
            { serviceId: 502, quantity: 1 },
          ],
          firstName: 'Jan',
          lastName: 'Jansen',
        },
      },
    ]);
  });

  it('renames the answer fields to ours before the schema reads them', async () => {
    const { config, partnerFetch } = await clientWith({
      operations: {
        availableHouseUnits: {
          path: '/v2/units',
          response: { code: 'unitId', label: 'unitNumber', petCount: 'nrPets' },
        },
      },
    });
    const { AvailableHouseUnitsResultSchema } = await import('./schemas');
    const units = await partnerFetch('availableHouseUnits', AvailableHouseUnitsResultSchema, {}, config);
    // The partner's `unitId: null` does not hide its unit code under our name.
    expect(units).toEqual([{ unitId: 12, unitNumber: 'A102', nrPets: 1 }]);
  });
});
