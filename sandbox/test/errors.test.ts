import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@/lib/partner-api/schemas';
import { GUEST, P, bookableStay, dayAfter, openSandbox, type Api } from './helpers';

let api: Api;
beforeAll(async () => {
  api = await openSandbox({ extraKeys: 'canary-partner:canary-key-123' });
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

async function error(res: Response, status: number) {
  expect(res.status).toBe(status);
  const text = await res.text();
  expect(text).not.toMatch(/\bat .*\.ts:\d+|Error:|stack/i);
  return ErrorBodySchema.parse(JSON.parse(text));
}

describe('authentication', () => {
  it('401 for a missing, unknown or expired key; 403 for another partner', async () => {
    const path = `${P}/usedHouseTypes`;
    const missing = await error(await api.send('GET', path, {}), 401);
    expect(missing.code).toBe(401);
    await error(await api.send('GET', path, { 'x-security-key': 'nope', 'x-partner': 'demo-partner' }), 401);
    const expired = await error(
      await api.send('GET', path, { 'x-security-key': 'expired-key', 'x-partner': 'demo-partner' }),
      401,
    );
    expect(expired.message).toMatch(/expired/i);
    await error(await api.send('GET', path, { 'x-security-key': 'demo-key' }), 401);
    const forbidden = await error(
      await api.send('GET', path, { 'x-security-key': 'demo-key', 'x-partner': 'someone-else' }),
      403,
    );
    expect(forbidden.code).toBe(403);
  });

  it('accepts extra keys, each bound to its partner', async () => {
    expect(
      (
        await api.send('GET', `${P}/usedHouseTypes`, {
          'x-security-key': 'canary-key-123',
          'x-partner': 'canary-partner',
        })
      ).status,
    ).toBe(200);
    await error(
      await api.send('GET', `${P}/usedHouseTypes`, {
        'x-security-key': 'canary-key-123',
        'x-partner': 'demo-partner',
      }),
      403,
    );
  });

  it('needs no credentials for hooks and pictures', async () => {
    expect((await api.hook('/stats')).status).toBe(200);
    expect((await fetch(`${api.sandbox.url}/pictures/1001/1-thumb.png`)).status).toBe(200);
  });
});

describe('400 with errors keyed by field name', () => {
  it('pre-register without the required guest fields', async () => {
    const body = await error(
      await api.post(`${P}/preRegisterReservation`, { houseID: 1001, startDate: dayAfter(40) }),
      400,
    );
    expect(Object.keys(body.errors ?? {})).toEqual(
      expect.arrayContaining([
        'endDate',
        'lastName',
        'address',
        'houseNr',
        'zipCode',
        'city',
        'email',
        'phoneNumber',
      ]),
    );
    expect(body.errors?.endDate).toEqual(['Required']);
  });

  it('malformed values, JSON and dates', async () => {
    const wrongType = await error(
      await api.post(`${P}/preRegisterReservation`, {
        ...GUEST,
        houseID: 'abc',
        startDate: dayAfter(40),
        endDate: dayAfter(43),
        adults: -1,
      }),
      400,
    );
    expect(Object.keys(wrongType.errors ?? {})).toEqual(expect.arrayContaining(['houseID', 'adults']));
    const badJson = await api.send('POST', `${P}/preRegisterReservation`, {
      'x-security-key': 'demo-key',
      'x-partner': 'demo-partner',
    });
    expect(badJson.status).toBe(400);
    const notJson = await fetch(`${api.sandbox.url}${P}/finalizeReservation`, {
      method: 'POST',
      headers: {
        'x-security-key': 'demo-key',
        'x-partner': 'demo-partner',
        'content-type': 'application/json',
      },
      body: '{"transactionId": ',
    });
    expect((await error(notJson, 400)).errors).toHaveProperty('body');
    expect((await error(await api.get(`${P}/searchHouses?startDate=2026-02-30`), 400)).errors).toHaveProperty(
      'startDate',
    );
    expect((await error(await api.get(`${P}/searchHouses?adults=0`), 400)).errors).toHaveProperty('adults');
    expect(
      (await error(await api.get(`${P}/searchHouses?startDate=${dayAfter(-3)}`), 400)).errors,
    ).toHaveProperty('startDate');
    expect((await error(await api.get(`${P}/searchHouses?adults=many`), 400)).errors).toHaveProperty(
      'adults',
    );
  });

  it('availableHouseUnits with an invalid range', async () => {
    const reversed = await error(
      await api.get(
        `${P}/availableHouseUnits?houseId=1001&startDate=${dayAfter(20)}&endDate=${dayAfter(18)}`,
      ),
      400,
    );
    expect(reversed.errors).toHaveProperty('endDate');
    const tooLong = await error(
      await api.get(
        `${P}/availableHouseUnits?houseId=1001&startDate=${dayAfter(20)}&endDate=${dayAfter(60)}`,
      ),
      400,
    );
    expect(tooLong.errors).toHaveProperty('endDate');
    expect((await error(await api.get(`${P}/availableHouseUnits`), 400)).errors).toHaveProperty('houseId');
  });

  it('booking rules: park rules, capacity, pets, preferences of the unit, pet-free with pets', async () => {
    const stay = await bookableStay(api, 1001, 40);
    const house = await api.json<{ nrPersons: { value: number }; numberOfPets: { value: number } }>(
      await api.get(`${P}/houseDetails/1001`),
    );
    const tooMany = await error(
      await api.post(`${P}/priceSpecifications`, {
        houseID: 1001,
        ...stay,
        adults: house.nrPersons.value + 1,
      }),
      400,
    );
    expect(tooMany.errors).toHaveProperty('adults');
    const pets = await error(
      await api.post(`${P}/priceSpecifications`, {
        houseID: 1001,
        ...stay,
        animalNr: house.numberOfPets.value + 1,
      }),
      400,
    );
    expect(pets.errors).toHaveProperty('animalNr');
    const units = await api.json<{ unitId: number; preferenceIds: number[] }[]>(
      await api.get(
        `${P}/availableHouseUnits?houseId=1001&startDate=${stay.startDate}&endDate=${stay.endDate}`,
      ),
    );
    const details = await api.json<{ preferences: { id: number; keyword: string }[] }>(
      await api.get(`${P}/houseDetails/1001`),
    );
    // Some unit of house 1001 lacks some preference of the house (each is offered by only some units).
    const pair = units.flatMap((u) =>
      details.preferences.filter((p) => !u.preferenceIds.includes(p.id)).map((p) => ({ u, p })),
    )[0];
    expect(pair).toBeDefined();
    const wrongUnit = await error(
      await api.post(`${P}/priceSpecifications`, {
        houseID: 1001,
        ...stay,
        unitId: pair?.u.unitId,
        preferences: [pair?.p.id],
      }),
      400,
    );
    expect(wrongUnit.errors).toHaveProperty('preferences');
    const petFree = details.preferences.find((p) => p.keyword === 'pet-free');
    expect(house.numberOfPets.value).toBeGreaterThan(0);
    const conflict = await error(
      await api.post(`${P}/priceSpecifications`, {
        houseID: 1001,
        ...stay,
        animalNr: 1,
        preferences: [petFree?.id],
      }),
      400,
    );
    expect(conflict.errors?.preferences?.join(' ')).toMatch(/pet-free/);
    expect(
      (await error(await api.post(`${P}/priceSpecifications`, { houseID: 1001, ...stay, unitId: 1 }), 400))
        .errors,
    ).toHaveProperty('unitId');
  });

  it('finalize: invalid paymentType and relative thankYouPageUrl', async () => {
    const stay = await bookableStay(api, 1001, 60);
    const pre = await api.json<{ transactionId: string }>(
      await api.post(`${P}/preRegisterReservation`, { houseID: 1001, ...stay, ...GUEST }),
    );
    expect(
      (
        await error(
          await api.post(`${P}/finalizeReservation`, {
            transactionId: pre.transactionId,
            paymentType: 'Bitcoin',
          }),
          400,
        )
      ).errors,
    ).toHaveProperty('paymentType');
    expect(
      (
        await error(
          await api.post(`${P}/finalizeReservation`, {
            transactionId: pre.transactionId,
            paymentType: 'NowFullAmount',
            thankYouPageUrl: '/thanks',
          }),
          400,
        )
      ).errors,
    ).toHaveProperty('thankYouPageUrl');
    expect(
      (
        await error(
          await api.post(`${P}/finalizeReservation`, {
            transactionId: pre.transactionId,
            paymentType: 'Later',
            thankYouPageUrl: 'javascript:alert(1)',
          }),
          400,
        )
      ).errors,
    ).toHaveProperty('thankYouPageUrl');
    expect(
      (await error(await api.post(`${P}/finalizeReservation`, { paymentType: 'Later' }), 400)).errors,
    ).toHaveProperty('transactionId');
  });
});

describe('404, 405, 409, 410', () => {
  it('404 for an unknown house, park, path or transaction', async () => {
    await error(await api.get(`${P}/houseDetails/999999`), 404);
    await error(await api.get(`${P}/optionalServices?houseId=999999`), 404);
    await error(await api.get(`${P}/parkData?parkId=99`), 404);
    await error(await api.get(`${P}/noSuchOperation`), 404);
    await error(
      await api.post(`${P}/finalizeReservation`, { transactionId: 'does-not-exist', paymentType: 'Later' }),
      404,
    );
  });

  it('405 for a wrong method on a known path', async () => {
    const res = await api.send('DELETE', `${P}/searchHouses`);
    await error(res, 405);
    expect(res.headers.get('allow')).toBe('GET');
    await error(await api.send('GET', `${P}/preRegisterReservation`), 405);
    await error(await api.send('PUT', '/finalizeReservation'), 405);
  });

  it('409 on a second finalize, 410 on an expired hold', async () => {
    const stay = await bookableStay(api, 1002, 60);
    const pre = await api.json<{ transactionId: string }>(
      await api.post(`${P}/preRegisterReservation`, { houseID: 1002, ...stay, ...GUEST }),
    );
    expect(
      (await api.post(`${P}/finalizeReservation`, { transactionId: pre.transactionId, paymentType: 'Later' }))
        .status,
    ).toBe(200);
    await error(
      await api.post(`${P}/finalizeReservation`, { transactionId: pre.transactionId, paymentType: 'Later' }),
      409,
    );

    const stay2 = await bookableStay(api, 1004, 60);
    const pre2 = await api.json<{ transactionId: string }>(
      await api.post(`${P}/preRegisterReservation`, { houseID: 1004, ...stay2, ...GUEST }),
    );
    await api.hook('/clock', 'POST', { advanceMs: 30 * 60_000 + 1 });
    const expired = await error(
      await api.post(`${P}/finalizeReservation`, { transactionId: pre2.transactionId, paymentType: 'Later' }),
      410,
    );
    expect(expired.message).toMatch(/expired/i);
    await error(
      await api.post(`${P}/preRegisterReservation`, {
        houseID: 1004,
        ...stay2,
        ...GUEST,
        transactionId: pre2.transactionId,
      }),
      410,
    );
    const listed = await api.json<{ transactionId: string; status: string; finalizeCalls: number }[]>(
      await api.hook('/reservations'),
    );
    expect(listed.find((r) => r.transactionId === pre.transactionId)).toMatchObject({
      status: 'Confirmed',
      finalizeCalls: 2,
    });
    expect(listed.find((r) => r.transactionId === pre2.transactionId)).toMatchObject({
      status: 'Expired',
      finalizeCalls: 1,
    });
    expect(JSON.stringify(listed)).not.toContain(GUEST.email);
  });
});
