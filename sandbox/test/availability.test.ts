import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GUEST, P, bookableStay, openSandbox, type Api } from './helpers';

let api: Api;
beforeAll(async () => {
  api = await openSandbox();
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

interface Unit {
  unitId: number;
}
interface Search {
  houseList: { houseId: number }[];
}
interface Details {
  availableStartDates: string[];
  availableEndDates: string[];
}
interface PreBooking {
  transactionId: string;
  houseUnits: { id: number }[];
}

const unitsOf = async (houseId: number, s: { startDate: string; endDate: string }) =>
  (
    await api.json<Unit[]>(
      await api.get(
        `${P}/availableHouseUnits?houseId=${houseId}&startDate=${s.startDate}&endDate=${s.endDate}`,
      ),
    )
  ).map((u) => u.unitId);

const hold = async (
  houseId: number,
  s: { startDate: string; endDate: string },
  extra: Record<string, unknown> = {},
) => api.post(`${P}/preRegisterReservation`, { houseID: houseId, ...s, ...GUEST, ...extra });

const searchIds = async (s: { startDate: string; endDate: string }) =>
  (
    await api.json<Search>(await api.get(`${P}/searchHouses?startDate=${s.startDate}&endDate=${s.endDate}`))
  ).houseList.map((h) => h.houseId);

describe('availability stays consistent with holds and reservations', () => {
  it('a finalized unit is no longer offered for those nights, anywhere', async () => {
    const houseId = 1006;
    const stay = await bookableStay(api, houseId, 30);
    const free = await unitsOf(houseId, stay);
    expect(free.length).toBeGreaterThan(0);
    expect(await searchIds(stay)).toContain(houseId);
    for (const unitId of free) {
      const pre = await api.json<PreBooking>(await hold(houseId, stay, { unitId }));
      expect(pre.houseUnits[0]?.id).toBe(unitId);
      expect(
        (
          await api.post(`${P}/finalizeReservation`, {
            transactionId: pre.transactionId,
            paymentType: 'Later',
          })
        ).status,
      ).toBe(200);
    }
    expect(await unitsOf(houseId, stay)).toEqual([]);
    expect(await searchIds(stay)).not.toContain(houseId);
    const details = await api.json<Details>(
      await api.get(`${P}/houseDetails/${houseId}?startDate=${stay.startDate}`),
    );
    expect(details.availableEndDates).toEqual([]);
    expect(details.availableStartDates).not.toContain(`${stay.startDate}T00:00:00.000Z`);
    // Still booked after the hold time: a reservation does not lapse.
    await api.hook('/clock', 'POST', { advanceMs: 2 * 3_600_000 });
    expect(await unitsOf(houseId, stay)).toEqual([]);
    const conflict = await hold(houseId, stay);
    expect(conflict.status).toBe(409);
  });

  it('a hold blocks its unit for 30 minutes, then the unit is offered again', async () => {
    const houseId = 1008;
    const stay = await bookableStay(api, houseId, 30);
    const [unitId] = await unitsOf(houseId, stay);
    const pre = await api.json<PreBooking>(await hold(houseId, stay, { unitId }));
    expect(await unitsOf(houseId, stay)).not.toContain(unitId);
    const taken = await hold(houseId, stay, { unitId });
    expect(taken.status).toBe(409);
    await api.hook('/clock', 'POST', { advanceMs: 29 * 60_000 });
    expect(await unitsOf(houseId, stay)).not.toContain(unitId);
    await api.hook('/clock', 'POST', { advanceMs: 60_000 });
    expect(await unitsOf(houseId, stay)).toContain(unitId);
    const reservations = await api.json<{ transactionId: string; status: string }[]>(
      await api.hook('/reservations'),
    );
    expect(reservations).toEqual([
      expect.objectContaining({ transactionId: pre.transactionId, status: 'Expired' }),
    ]);
  });

  it('re-submitting a live hold keeps its id and its unit, and re-prices it', async () => {
    const houseId = 1010;
    const stay = await bookableStay(api, houseId, 30);
    const first = await api.json<PreBooking & { fullPayAmount: number }>(
      await hold(houseId, stay, { adults: 1 }),
    );
    const again = await api.json<PreBooking & { fullPayAmount: number; holdExpiresAt: string }>(
      await hold(houseId, stay, { adults: 2, child0512: 1, transactionId: first.transactionId }),
    );
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.houseUnits[0]?.id).toBe(first.houseUnits[0]?.id);
    expect((await api.json<unknown[]>(await api.hook('/reservations'))).length).toBe(1);
    const unknown = await hold(houseId, stay, { transactionId: 'not-a-real-one' });
    expect(unknown.status).toBe(404);
  });

  it('reset returns API-made bookings to the seeded state', async () => {
    const houseId = 1012;
    const stay = await bookableStay(api, houseId, 30);
    const before = await unitsOf(houseId, stay);
    await hold(houseId, stay, { unitId: before[0] });
    expect(await unitsOf(houseId, stay)).not.toEqual(before);
    await api.hook('/reset', 'POST');
    expect(await unitsOf(houseId, stay)).toEqual(before);
    expect(await api.json<unknown[]>(await api.hook('/reservations'))).toEqual([]);
  });

  it('with pets, only units that allow pets are offered and booked', async () => {
    let houseId = 0;
    for (const h of await api.json<{ id: number }[]>(await api.get(`${P}/parkActiveHouses`))) {
      const d = await api.json<{ numberOfPets: { value: number } }>(
        await api.get(`${P}/houseDetails/${h.id}`),
      );
      if (d.numberOfPets.value > 0) {
        houseId = h.id;
        break;
      }
    }
    const stay = await bookableStay(api, houseId, 30, 'animalNr=1');
    const units = await api.json<{ allowPets: boolean; nrPets: number }[]>(
      await api.get(
        `${P}/availableHouseUnits?houseId=${houseId}&startDate=${stay.startDate}&endDate=${stay.endDate}&animalNr=1`,
      ),
    );
    expect(units.length).toBeGreaterThan(0);
    expect(units.every((u) => u.allowPets && u.nrPets > 0)).toBe(true);
    const pre = await api.json<{ houseUnits: { allowPets: boolean }[] }>(
      await hold(houseId, stay, { animalNr: 1 }),
    );
    expect(pre.houseUnits[0]?.allowPets).toBe(true);
  });
});
