import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GUEST, P, bookableStay, openSandbox, type Api } from './helpers';

type Stay = { startDate: string; endDate: string };

interface FreeUnit {
  unitId: number;
  unitNumber: string;
  allowPets: boolean;
  preferenceIds: number[];
}

interface HeldUnit {
  id: number;
  number: string;
  allowPets: boolean;
  preferenceIds: number[];
}

interface Booking {
  transactionId: string;
  houseUnits: HeldUnit[];
}

interface ErrorBody {
  errors?: Record<string, string[]>;
}

interface HouseFacts {
  preferences: { id: number; keyword: string }[];
  numberOfPets: { value: number };
  nrPersons: { value: number };
}

/** A house and stay where some free unit offers a preference and another free unit lacks it. */
interface PreferenceCase {
  houseId: number;
  stay: Stay;
  preferenceId: number;
  free: FreeUnit[];
}

/** A house that takes pets and a stay where both a unit with and one without pets are free. */
interface PetCase {
  houseId: number;
  stay: Stay;
  free: FreeUnit[];
}

let api: Api;
let prefCase: PreferenceCase;
let petCase: PetCase;

async function facts(houseId: number): Promise<HouseFacts> {
  return api.json<HouseFacts>(await api.get(`${P}/houseDetails/${houseId}`));
}

/** Every free unit of the stay, pets or not, in unit order. */
async function freeUnits(houseId: number, stay: Stay): Promise<FreeUnit[]> {
  const units = await api.json<FreeUnit[]>(
    await api.get(
      `${P}/availableHouseUnits?houseId=${houseId}&startDate=${stay.startDate}&endDate=${stay.endDate}`,
    ),
  );
  return units.sort((a, b) => a.unitId - b.unitId);
}

async function findPreferenceCase(): Promise<PreferenceCase> {
  for (let houseId = 1001; houseId <= 1030; houseId++) {
    const stay = await bookableStay(api, houseId, 30);
    const free = await freeUnits(houseId, stay);
    const offered = (await facts(houseId)).preferences.filter((p) => p.keyword !== 'pet-free');
    const pref = offered.find(
      (p) =>
        free.some((u) => u.preferenceIds.includes(p.id)) && free.some((u) => !u.preferenceIds.includes(p.id)),
    );
    if (pref) return { houseId, stay, preferenceId: pref.id, free };
  }
  throw new Error('no house with a free unit offering a preference and another lacking it');
}

async function findPetCase(): Promise<PetCase> {
  for (let houseId = 1001; houseId <= 1030; houseId++) {
    if ((await facts(houseId)).numberOfPets.value < 1) continue;
    const stay = await bookableStay(api, houseId, 30);
    const free = await freeUnits(houseId, stay);
    if (free.some((u) => u.allowPets) && free.some((u) => !u.allowPets)) return { houseId, stay, free };
  }
  throw new Error('no pets house with free units both with and without pets');
}

const hold = (houseId: number, stay: Stay, extra: Record<string, unknown> = {}) =>
  api.post(`${P}/preRegisterReservation`, { houseID: houseId, ...stay, ...GUEST, ...extra });

const quote = (houseId: number, stay: Stay, extra: Record<string, unknown> = {}) =>
  api.post(`${P}/priceSpecifications`, { houseID: houseId, ...stay, ...extra });

async function ok<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return api.json<T>(res);
}

async function refused(res: Response, status = 400): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  return api.json<ErrorBody>(res);
}

async function setMode(mode: 'enforced' | 'advisory'): Promise<void> {
  expect((await api.hook('/preferences', 'POST', { mode })).status).toBe(200);
}

async function reservedUnit(transactionId: string): Promise<number | undefined> {
  const list = await api.json<{ transactionId: string; unitId: number }[]>(await api.hook('/reservations'));
  return list.find((r) => r.transactionId === transactionId)?.unitId;
}

function asHeld(u: FreeUnit): HeldUnit {
  return { id: u.unitId, number: u.unitNumber, allowPets: u.allowPets, preferenceIds: u.preferenceIds };
}

beforeAll(async () => {
  api = await openSandbox();
  prefCase = await findPreferenceCase();
  petCase = await findPetCase();
});
afterAll(() => api.sandbox.close());
beforeEach(async () => {
  await api.hook('/reset', 'POST');
});

describe('advisory preferences: the partner leaves preferences and pets to the client', () => {
  it('without a unitId, holds the first free unit lacking the chosen preference and reports it through finalize', async () => {
    await setMode('advisory');
    const { houseId, stay, preferenceId, free } = prefCase;
    const expected = free.find((u) => !u.preferenceIds.includes(preferenceId));
    expect(expected).toBeDefined();
    const pre = await ok<Booking>(await hold(houseId, stay, { preferences: [preferenceId] }));
    expect(pre.houseUnits).toEqual([asHeld(expected as FreeUnit)]);
    expect(pre.houseUnits[0]?.preferenceIds).not.toContain(preferenceId);
    expect(await reservedUnit(pre.transactionId)).toBe(expected?.unitId);
    const fin = await ok<Booking>(
      await api.post(`${P}/finalizeReservation`, { transactionId: pre.transactionId, paymentType: 'Later' }),
    );
    expect(fin.houseUnits).toEqual(pre.houseUnits);
    expect(await reservedUnit(pre.transactionId)).toBe(expected?.unitId);
  });

  it('without a unitId, holds the first free unit that does not allow pets for a party with one pet', async () => {
    await setMode('advisory');
    const { houseId, stay, free } = petCase;
    const expected = free.find((u) => !u.allowPets);
    const pre = await ok<Booking>(await hold(houseId, stay, { animalNr: 1 }));
    expect(pre.houseUnits).toEqual([asHeld(expected as FreeUnit)]);
    expect(pre.houseUnits[0]?.allowPets).toBe(false);
    expect(await reservedUnit(pre.transactionId)).toBe(expected?.unitId);
    const fin = await ok<Booking>(
      await api.post(`${P}/finalizeReservation`, { transactionId: pre.transactionId, paymentType: 'Later' }),
    );
    expect(fin.houseUnits?.[0]?.allowPets).toBe(false);
  });

  it('without preferences or pets, holds the first free unit in unit order', async () => {
    await setMode('advisory');
    const { houseId, stay, free } = prefCase;
    const pre = await ok<Booking>(await hold(houseId, stay));
    expect(pre.houseUnits[0]?.id).toBe(free[0]?.unitId);
  });

  it('with a unitId, holds exactly that unit whatever it lacks, and a taken unit is still a 409', async () => {
    await setMode('advisory');
    const { houseId, stay, preferenceId, free } = prefCase;
    const lacking = free.filter((u) => !u.preferenceIds.includes(preferenceId)).at(-1) as FreeUnit;
    const pre = await ok<Booking>(
      await hold(houseId, stay, { unitId: lacking.unitId, preferences: [preferenceId] }),
    );
    expect(pre.houseUnits).toEqual([asHeld(lacking)]);
    expect(await reservedUnit(pre.transactionId)).toBe(lacking.unitId);
    await refused(await hold(houseId, stay, { unitId: lacking.unitId }), 409);

    // Both cases may be the same house and stay: start from no holds.
    await api.hook('/reset', 'POST');
    await setMode('advisory');
    const noPets = petCase.free.filter((u) => !u.allowPets).at(-1) as FreeUnit;
    const petHold = await ok<Booking>(
      await hold(petCase.houseId, petCase.stay, { unitId: noPets.unitId, animalNr: 1 }),
    );
    expect(petHold.houseUnits).toEqual([asHeld(noPets)]);
  });

  it('accepts pet-free together with pets, and quotes a unit lacking the preference', async () => {
    await setMode('advisory');
    const { houseId, stay } = petCase;
    const petFree = (await facts(houseId)).preferences.find((p) => p.keyword === 'pet-free');
    expect(petFree).toBeDefined();
    await ok(await quote(houseId, stay, { animalNr: 1, preferences: [petFree?.id] }));
    const pre = await ok<Booking>(await hold(houseId, stay, { animalNr: 1, preferences: [petFree?.id] }));
    expect(pre.houseUnits[0]?.id).toBe(petCase.free[0]?.unitId);

    const { preferenceId, free } = prefCase;
    const lacking = free.find((u) => !u.preferenceIds.includes(preferenceId)) as FreeUnit;
    const priced = await ok<Booking>(
      await quote(prefCase.houseId, prefCase.stay, { unitId: lacking.unitId, preferences: [preferenceId] }),
    );
    expect(priced.houseUnits).toEqual([asHeld(lacking)]);
  });

  it('still refuses what is not about the unit: preferences the house lacks, too many pets, too many persons', async () => {
    await setMode('advisory');
    const { houseId, stay } = petCase;
    const house = await facts(houseId);
    const notOffered = [301, 302, 303, 304, 305, 306, 307].find(
      (id) => !house.preferences.some((p) => p.id === id),
    );
    expect(notOffered).toBeDefined();
    for (const send of [hold, quote]) {
      expect((await refused(await send(houseId, stay, { preferences: [notOffered] }))).errors).toHaveProperty(
        'preferences',
      );
      expect(
        (await refused(await send(houseId, stay, { animalNr: house.numberOfPets.value + 1 }))).errors,
      ).toHaveProperty('animalNr');
      expect(
        (await refused(await send(houseId, stay, { adults: house.nrPersons.value + 1 }))).errors,
      ).toHaveProperty('adults');
    }
  });
});

describe('enforced preferences (the default) keep refusing what the unit does not offer', () => {
  it('is the start-up mode', async () => {
    expect(await api.json(await api.hook('/preferences'))).toEqual({ mode: 'enforced' });
  });

  it('refuses a unitId lacking the preference, a no-pets unitId with pets, and pet-free with pets', async () => {
    const { houseId, stay, preferenceId, free } = prefCase;
    const lacking = free.find((u) => !u.preferenceIds.includes(preferenceId)) as FreeUnit;
    for (const send of [hold, quote]) {
      expect(
        (await refused(await send(houseId, stay, { unitId: lacking.unitId, preferences: [preferenceId] })))
          .errors,
      ).toHaveProperty('preferences');
      const noPets = petCase.free.find((u) => !u.allowPets) as FreeUnit;
      expect(
        (await refused(await send(petCase.houseId, petCase.stay, { unitId: noPets.unitId, animalNr: 1 })))
          .errors,
      ).toHaveProperty('animalNr');
      const petFree = (await facts(petCase.houseId)).preferences.find((p) => p.keyword === 'pet-free');
      const conflict = await refused(
        await send(petCase.houseId, petCase.stay, { animalNr: 1, preferences: [petFree?.id] }),
      );
      expect(conflict.errors?.preferences?.join(' ')).toMatch(/pet-free/);
    }
  });

  it('without a unitId, holds the first free unit that offers the chosen preference', async () => {
    const { houseId, stay, preferenceId, free } = prefCase;
    const pre = await ok<Booking>(await hold(houseId, stay, { preferences: [preferenceId] }));
    expect(pre.houseUnits[0]?.id).toBe(free.find((u) => u.preferenceIds.includes(preferenceId))?.unitId);
  });

  it('without a unitId, holds the first free unit that takes pets for a party with one pet', async () => {
    const pets = await ok<Booking>(await hold(petCase.houseId, petCase.stay, { animalNr: 1 }));
    expect(pets.houseUnits[0]?.id).toBe(petCase.free.find((u) => u.allowPets)?.unitId);
    expect(pets.houseUnits[0]?.allowPets).toBe(true);
  });
});

describe('seed response fields with advisory preferences', () => {
  it('pre-register and finalize still report the held unit with its number, pets and preferences', async () => {
    await setMode('advisory');
    expect((await api.hook('/fields', 'POST', { mode: 'seed' })).status).toBe(200);
    const { houseId, stay, free } = petCase;
    const expected = free.find((u) => !u.allowPets) as FreeUnit;
    const pre = await ok<Booking>(await hold(houseId, stay, { animalNr: 1 }));
    expect(pre.houseUnits).toEqual([asHeld(expected)]);
    const fin = await ok<Booking>(
      await api.post(`${P}/finalizeReservation`, { transactionId: pre.transactionId, paymentType: 'Later' }),
    );
    expect(fin.houseUnits).toEqual([asHeld(expected)]);
  });
});
