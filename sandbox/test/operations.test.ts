import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AvailableHouseUnitsResultSchema,
  HouseDetailsSchema,
  HousesSearchResultSchema,
  OptionalServicesResultSchema,
  ParkActiveHousesResultSchema,
  ParkDataResultSchema,
  PreBookingResultSchema,
  UsedHouseTypesResultSchema,
} from '@/lib/partner-api/schemas';
import type { z } from 'zod';
import {
  AUTH,
  GUEST,
  P,
  bookableStay,
  dayAfter,
  expectPartnerDates,
  getWithBody,
  openSandbox,
  type Api,
} from './helpers';

let api: Api;
beforeAll(async () => {
  api = await openSandbox();
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

async function valid<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body: unknown = await res.json();
  expectPartnerDates(body);
  return schema.parse(body);
}

describe('read operations', () => {
  it('searchHouses with no criteria returns a healthy list of available houses', async () => {
    const body = await valid(await api.get(`${P}/searchHouses`), HousesSearchResultSchema);
    expect(body.houseCount).toBe(body.houseList?.length);
    expect(body.houseCount).toBeGreaterThanOrEqual(40);
    for (const h of body.houseList ?? []) {
      expect((h.price?.startDate ?? '').slice(0, 10) >= dayAfter(4)).toBe(true);
      expect(h.price?.numberOfPersons?.adults).toBe(2);
      expect(h.price?.numberOfPersons).not.toHaveProperty('child0002');
      expect(h.mainPicture).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pictures\/\d+\/1\.png$/);
      expect(h.surface?.value).toMatch(/^\d+ m²$/);
    }
  });

  it('searchHouses honours dates, party, pets and filters', async () => {
    const { startDate, endDate } = await bookableStay(api, 1001, 30);
    const body = await valid(
      await api.get(
        `${P}/searchHouses?startDate=${startDate}&endDate=${endDate}&adults=2&child0512=1&animalNr=1`,
      ),
      HousesSearchResultSchema,
    );
    expect(body.houseCount).toBeGreaterThan(0);
    for (const h of body.houseList ?? []) {
      expect(h.price?.startDate).toBe(`${startDate}T00:00:00.000Z`);
      expect(h.price?.endDate).toBe(`${endDate}T00:00:00.000Z`);
      expect(h.numberOfPets?.value).toBeGreaterThanOrEqual(1);
      expect(h.nrPersons?.value).toBeGreaterThanOrEqual(3);
      expect(h.price?.numberOfPersons).toMatchObject({ total: 3, adults: 2, child0512: 1 });
    }
    const bungalows = await valid(
      await api.get(`${P}/searchHouses?houseTypeId=1&parkId=1`),
      HousesSearchResultSchema,
    );
    expect(bungalows.houseCount).toBeGreaterThan(0);
    for (const h of bungalows.houseList ?? []) expect([h.houseTypeId, h.parkId]).toEqual([1, 1]);
  });

  it('houseDetails gives everything, by path and by query', async () => {
    const body = await valid(await api.get(`${P}/houseDetails/1001`), HouseDetailsSchema);
    expect(body.pictures?.length).toBe(body.pictureThumbnails?.length);
    expect(body.pictures?.length).toBeGreaterThanOrEqual(4);
    for (const field of [
      'descriptionLocation',
      'descriptionInterior',
      'descriptionSurroundings',
      'descriptionParkConditions',
      'virtualTourLink',
      'nationalIdentificationNumber',
    ] as const) {
      expect(body[field]).toBeTruthy();
    }
    expect(body.parkingLot?.name).toBeTruthy();
    expect(body.mandatoryServices?.map((s) => s.keyword)).toEqual(
      expect.arrayContaining(['final-cleaning', 'energy', 'tourist-tax']),
    );
    expect(body.optionalServices?.length).toBeGreaterThan(3);
    expect(body.preferences?.length).toBeGreaterThan(0);
    expect(body.features?.some((f) => f.available === false)).toBe(true);
    expect(body.availableStartDates?.length).toBeGreaterThan(20);
    expect(body.availableEndDates).toEqual([]);
    expect(body.selectedPeriod).toBeUndefined();
    expect((body.availableStartDates?.[0] ?? '').slice(0, 10) >= dayAfter(1)).toBe(true);
    const byQuery = await valid(await api.get(`${P}/houseDetails?houseId=1001`), HouseDetailsSchema);
    expect(byQuery.houseId).toBe(1001);
  });

  it('houseDetails lists departures for an arrival and prices a selected period', async () => {
    const { startDate, endDate } = await bookableStay(api, 1002, 20);
    const body = await valid(
      await api.get(`${P}/houseDetails/1002?startDate=${startDate}&endDate=${endDate}&adults=3`),
      HouseDetailsSchema,
    );
    expect(body.availableEndDates?.[0]).toBe(`${endDate}T00:00:00.000Z`);
    for (const d of body.availableEndDates ?? []) expect(d > `${startDate}T`).toBe(true);
    expect(body.selectedPeriod?.startDate).toBe(`${startDate}T00:00:00.000Z`);
    expect(body.selectedPeriod?.numberOfPersons?.adults).toBe(3);
    expect(body.selectedPeriod?.fullPrice).toBeGreaterThan(0);
    expect(body.numberOfPersons).toMatchObject({ total: 3, adults: 3, child0002: 0 });
  });

  it('optionalServices answers by query and by a JSON body on the GET', async () => {
    const all = await valid(
      await api.get(`${P}/optionalServices?houseId=1001`),
      OptionalServicesResultSchema,
    );
    expect(all.length).toBeGreaterThan(3);
    const viaBody = await getWithBody(`${api.sandbox.url}${P}/optionalServices`, { houseId: 1001 });
    expect(viaBody.status).toBe(200);
    expect(OptionalServicesResultSchema.parse(JSON.parse(viaBody.text))).toEqual(all);
    // The barbecue package runs April–September: gone for a January stay when it is offered at all.
    const winter = await valid(
      await api.get(
        `${P}/optionalServices?houseId=1001&startDate=2026-02-02T00:00:00.000Z&endDate=2026-02-05T00:00:00.000Z`,
      ),
      OptionalServicesResultSchema,
    );
    expect(winter.some((s) => s.keyword === 'barbecue-package')).toBe(false);
  });

  it('availableHouseUnits lists free units with both pet field names', async () => {
    const { startDate, endDate } = await bookableStay(api, 1001, 10);
    const units = await valid(
      await api.get(`${P}/availableHouseUnits?houseId=1001&startDate=${startDate}&endDate=${endDate}`),
      AvailableHouseUnitsResultSchema,
    );
    expect(units.length).toBeGreaterThan(0);
    for (const u of units) {
      expect(u.houseId).toBe(1001);
      expect(u.nrPets).toBe(u.numberOfPets);
      expect(u.startDate).toBe(`${startDate}T00:00:00.000Z`);
      expect(Array.isArray(u.preferenceIds)).toBe(true);
    }
    const defaults = await valid(
      await api.get(`${P}/availableHouseUnits?houseId=1001`),
      AvailableHouseUnitsResultSchema,
    );
    expect(defaults.length).toBeGreaterThan(0);
  });

  it('usedHouseTypes, parkActiveHouses and parkData describe the catalogue', async () => {
    const types = await valid(await api.get(`${P}/usedHouseTypes`), UsedHouseTypesResultSchema);
    expect(types.length).toBeGreaterThanOrEqual(5);
    const all = await valid(await api.get(`${P}/parkActiveHouses`), ParkActiveHousesResultSchema);
    expect(all.length).toBeGreaterThanOrEqual(60);
    const park2 = await valid(await api.get(`${P}/parkActiveHouses?parkId=2`), ParkActiveHousesResultSchema);
    expect(park2.length).toBeGreaterThan(0);
    expect(park2.every((h) => h.parkId === 2)).toBe(true);
    const parks = await valid(await api.get(`${P}/parkData`), ParkDataResultSchema);
    expect(parks.length).toBeGreaterThanOrEqual(4);
    for (const p of parks) {
      expect(p.parkConditions).toBeTruthy();
      expect(p.virtualTourLink).toMatch(/^https:\/\//);
      expect(p.facilities?.every((f) => (f.id ?? 0) > 0 && f.name && f.keyword)).toBe(true);
    }
    expect(await valid(await api.get(`${P}/parkData?parkId=3`), ParkDataResultSchema)).toHaveLength(1);
  });
});

describe('booking operations', () => {
  it('priceSpecifications quotes by POST and by GET', async () => {
    const stay = await bookableStay(api, 1001, 30);
    const post = await valid(
      await api.post(`${P}/priceSpecifications`, {
        houseID: 1001,
        ...stay,
        adults: 2,
        cancellationFund: true,
      }),
      PreBookingResultSchema,
    );
    expect(post.transactionId).toBeUndefined();
    expect(post.priceSpecifications?.some((l) => l.group === 'Total')).toBe(true);
    expect(post.fullPayAmount).toBeGreaterThan(0);
    const get = await valid(
      await api.get(
        `${P}/priceSpecifications?houseId=1001&startDate=${stay.startDate}&endDate=${stay.endDate}&cancellationFund=true`,
      ),
      PreBookingResultSchema,
    );
    expect(get).toEqual(post);
  });

  it('pre-registers (both paths, case-insensitive keys) and finalizes (both paths)', async () => {
    const stay = await bookableStay(api, 1003, 60);
    const pre = await valid(
      await api.post(`${P}/preRegisterReservation`, { houseID: 1003, ...stay, ...GUEST }),
      PreBookingResultSchema,
    );
    expect(pre.transactionId).toMatch(/^[\w-]{20,}$/);
    expect(pre.reservationStatus).toBe('Held');
    expect(pre.houseUnits).toHaveLength(1);
    expect(pre.holdExpiresAt).toBe(new Date(Date.UTC(2026, 0, 15, 10, 30)).toISOString());
    const later = await valid(
      await api.post('/finalizeReservation', { transactionId: pre.transactionId, paymentType: 'Later' }),
      PreBookingResultSchema,
    );
    expect(later.reservationStatus).toBe('Confirmed');
    expect(later.paymentUrl).toBeUndefined();

    const stay2 = await bookableStay(api, 1005, 60);
    const { firstname, ...rest } = GUEST;
    const pre2 = await valid(
      await api.post('/api/pre-register-reservation', {
        HouseId: 1005,
        ...stay2,
        ...rest,
        firstName: firstname,
      }),
      PreBookingResultSchema,
    );
    const now = await valid(
      await api.post(`${P}/finalizeReservation`, {
        transactionId: pre2.transactionId,
        paymentType: 'NowFullAmount',
        thankYouPageUrl: 'https://partner.example/thanks',
      }),
      PreBookingResultSchema,
    );
    expect(now.reservationStatus).toBe('AwaitingPayment');
    expect(now.paymentUrl).toBe(`${api.sandbox.url}/__pay/${pre2.transactionId}`);
    expect(now.transactionId).toBe(pre2.transactionId);
  });
});

describe('language header', () => {
  it('changes names, labels, services and descriptions; unknown falls back to NL', async () => {
    const get = async (language?: string) =>
      api.json<z.output<typeof HouseDetailsSchema>>(
        await api.get(`${P}/houseDetails/1001`, language ? { language } : {}),
      );
    const [nl, en, de, fr, lower, unknown] = await Promise.all([
      get(),
      get('EN'),
      get('DE'),
      get('FR'),
      get('en'),
      get('XX'),
    ]);
    expect(nl.nrPersons?.name).toBe('Personen');
    expect(en.nrPersons?.name).toBe('Persons');
    expect(fr.nrPersons?.name).toBe('Personnes');
    expect(de.bedrooms?.name).toBe('Schlafzimmer');
    expect(
      new Set([
        nl.descriptionInterior,
        en.descriptionInterior,
        de.descriptionInterior,
        fr.descriptionInterior,
      ]).size,
    ).toBe(4);
    expect(en.mandatoryServices?.[0]?.serviceName).toBe('Final cleaning');
    expect(nl.mandatoryServices?.[0]?.serviceName).toBe('Eindschoonmaak');
    expect(lower).toEqual(en);
    expect(unknown).toEqual(nl);
    const types = await api.json<{ name: string }[]>(
      await api.get(`${P}/usedHouseTypes`, { language: 'DE' }),
    );
    expect(types.map((t) => t.name)).toContain('Gruppenunterkunft');
  });
});

it('operation calls need no more than the two documented headers', async () => {
  const res = await fetch(`${api.sandbox.url}${P}/usedHouseTypes`, { headers: AUTH });
  expect(res.status).toBe(200);
});
