import { beforeEach, describe, expect, it } from 'vitest';
import { bookingRequest, cookieOf, findStays, preRegisterBody, type Stay } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * The booking routes against a partner that does only what its documentation promises: it sends
 * the documented fields alone (no preferences or pets per listed unit) and holds any free unit,
 * whatever preferences and pets were chosen (the sandbox's `advisory` mode). The site compares
 * the unit the partner reports with the guest's choice, moves the hold to another unit where it
 * may choose one, and never lets a unit that does not fit pass unnoticed.
 */

const { h } = setUpBookingHarness();

interface FullUnit {
  unitId: number;
  preferenceIds?: number[];
  allowPets?: boolean;
}

interface HoldAnswer {
  unit: { id: number; number: string } | null;
  unconfirmedPreferenceIds: number[];
  unitCheck: { confirmed: number[]; unconfirmed: number[]; lacking: number[]; pets: string };
}

const PETS = { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 1 };

async function setMode(hook: 'fields' | 'preferences', mode: string) {
  const res = await fetch(`${h.sandbox.url}/__sandbox/${hook}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(res.status).toBe(200);
}

/** Test-side knowledge, read in the full field mode: every free unit of a stay with its data. */
async function fullUnits(s: Pick<Stay, 'houseId' | 'startDate' | 'endDate'>, pets = 0): Promise<FullUnit[]> {
  await setMode('fields', 'full');
  const units = await h.hooks.partner<FullUnit[]>(
    `availableHouseUnits?houseId=${s.houseId}&adults=2&animalNr=${pets}&startDate=${s.startDate}&endDate=${s.endDate}`,
  );
  await setMode('fields', 'seed');
  return units;
}

async function preferencesOf(houseId: number) {
  return (
    (
      await h.hooks.partner<{ preferences?: { id: number; keyword?: string }[] }>(
        `houseDetails/${houseId}?adults=2`,
      )
    ).preferences ?? []
  ).filter((p) => p.keyword !== 'pet-free');
}

const preRegisterCalls = async () => (await h.hooks.stats()).calls.byOperation.preRegisterReservation ?? 0;
const finalizeCalls = async () => (await h.hooks.stats()).calls.byOperation.finalizeReservation ?? 0;

const finalizeReq = (cookie: string, extra: Record<string, unknown> = {}) =>
  bookingRequest(
    '/api/booking/finalize',
    { paymentType: 'Later', acceptTerms: true, ...extra },
    { cookie, headers: { 'idempotency-key': crypto.randomUUID() } },
  );

/**
 * A stay and a preference where some free units offer it and the first free unit (the one the
 * partner holds when nobody names a unit) does not.
 */
async function stayWithPartlyOfferedPreference(): Promise<{
  s: Stay;
  preferenceId: number;
  units: FullUnit[];
}> {
  for (const s of await findStays(h.hooks, { count: 12, minDaysAhead: 40, minUnits: 3 })) {
    const units = await fullUnits(s);
    for (const { id } of await preferencesOf(s.houseId)) {
      const offering = units.filter((u) => u.preferenceIds?.includes(id));
      if (offering.length > 0 && offering.length < units.length) return { s, preferenceId: id, units };
    }
  }
  throw new Error('no stay in the sandbox fits this test');
}

beforeEach(async () => {
  await h.hooks.reset();
  await setMode('fields', 'seed');
  await setMode('preferences', 'advisory');
});

describe('the unit the partner holds is checked against the guest choice', () => {
  it('reports what the held unit really offers, and moves a hold that lacks the preference', async () => {
    const { s, preferenceId, units } = await stayWithPartlyOfferedPreference();
    const before = await preRegisterCalls();
    const res = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { preferenceIds: [preferenceId] })),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as HoldAnswer;
    const held = (await h.hooks.reservations()).find((r) => r.houseId === s.houseId && r.status === 'Held');
    expect(held?.unitId).toBe(body.unit?.id);
    const heldOffers = units.find((u) => u.unitId === held?.unitId)?.preferenceIds?.includes(preferenceId);
    // What the site tells the guest is what the unit the partner holds offers, never the choice as sent.
    expect(body.unconfirmedPreferenceIds).toEqual(heldOffers ? [] : [preferenceId]);
    expect(body.unitCheck.lacking).toEqual(heldOffers ? [] : [preferenceId]);
    // The first hold lacked it (the partner holds the first free unit that misses the choice), so
    // the site asked for other units: at most two more pre-registrations of the same hold.
    const calls = (await preRegisterCalls()) - before;
    expect(calls).toBeGreaterThan(1);
    expect(calls).toBeLessThanOrEqual(3);
    expect((await h.hooks.reservations()).filter((r) => r.status === 'Held')).toHaveLength(1);
  });

  it('moves a hold whose unit takes no pets to one that does, for a party with a pet', async () => {
    let found: { s: Stay; all: FullUnit[] } | undefined;
    for (const s of await findStays(h.hooks, { count: 30, minDaysAhead: 40, minUnits: 2 })) {
      const all = await fullUnits(s);
      if (all.some((u) => u.allowPets === false) && all.some((u) => u.allowPets === true)) {
        found = { s, all };
        break;
      }
    }
    expect(found).toBeDefined();
    const { s, all } = found!;
    const res = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { party: PETS })),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as HoldAnswer;
    expect(body.unitCheck.pets).toBe('confirmed');
    const held = (await h.hooks.reservations()).find((r) => r.status === 'Held');
    const heldUnit = all.find((u) => u.unitId === held?.unitId);
    expect(heldUnit?.allowPets).toBe(true);
  });

  it('does not book a unit the guest picked that lacks their preference until they accept it', async () => {
    const { s, preferenceId, units } = await stayWithPartlyOfferedPreference();
    const lacking = units.find((u) => !u.preferenceIds?.includes(preferenceId))!;
    const res = await h.preRegister(
      bookingRequest(
        '/api/booking/pre-register',
        preRegisterBody(s, { preferenceIds: [preferenceId], unitId: lacking.unitId }),
      ),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as HoldAnswer;
    // The guest chose this unit: it is not swapped for another, but the gap is named.
    expect(body.unit?.id).toBe(lacking.unitId);
    expect(body.unitCheck.lacking).toEqual([preferenceId]);
    const cookie = cookieOf(res)!;

    const finalizesBefore = await finalizeCalls();
    const refused = await h.finalize(finalizeReq(cookie));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('unit_mismatch');
    expect(await finalizeCalls()).toBe(finalizesBefore);

    const booked = await h.finalize(finalizeReq(cookie, { acceptUnitMismatch: true }));
    expect(booked.status).toBe(200);
    const alert = h.logs.find((l) => l.includes('"booking.preferences_unconfirmed"'));
    expect(alert).toContain('"alert":"operator"');
    expect(alert).toContain(`"lackingPreferenceIds":[${preferenceId}]`);
    expect(alert).not.toContain('anna');
  });

  it('confirms every preference when the partner enforces them and lists them per unit', async () => {
    await setMode('preferences', 'enforced');
    await setMode('fields', 'full');
    const { s, preferenceId } = await stayWithPartlyOfferedPreference();
    await setMode('fields', 'full');
    const before = await preRegisterCalls();
    const res = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { preferenceIds: [preferenceId] })),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as HoldAnswer;
    expect(body.unconfirmedPreferenceIds).toEqual([]);
    expect(body.unitCheck.confirmed).toEqual([preferenceId]);
    expect((await preRegisterCalls()) - before).toBe(1);
  });
});

describe('whose rule the hold time is', () => {
  it("is the site's own limit when the partner names no expiry, and the park's when it does", async () => {
    const [seedStay, fullStay] = await findStays(h.hooks, { count: 2, minDaysAhead: 40 });
    await setMode('fields', 'seed');
    const seedHold = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(seedStay!)),
    );
    expect(((await seedHold.json()) as { holdSetBy: string }).holdSetBy).toBe('site');
    await setMode('fields', 'full');
    const fullHold = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(fullStay!)),
    );
    expect(((await fullHold.json()) as { holdSetBy: string }).holdSetBy).toBe('partner');
  });
});
