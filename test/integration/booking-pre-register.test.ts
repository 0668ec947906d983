import { afterAll, describe, expect, it } from 'vitest';
import { GUEST, bookingRequest, cookieOf, findStays, preRegisterBody } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * POST /api/booking/pre-register against the sandbox: the sealed cookie, the server's re-check
 * of the selection and the guest, re-pricing the same hold, and a unit that is taken.
 */

const { h, stays } = setUpBookingHarness({ stays: { count: 6, minDaysAhead: 50, minUnits: 2 } });

afterAll(() => {
  // Logs are kept longer and read by more people than bookings: no guest data in any log line
  // written during these tests.
  const all = h.logs.join('\n');
  for (const value of [GUEST.email, GUEST.lastName, GUEST.street, '123 4567', 'Amsterdam'])
    expect(all).not.toContain(value);
});

const count = async (op: string) => (await h.hooks.stats()).calls.byOperation[op] ?? 0;

describe('pre-register', () => {
  it('holds the stay and sets a sealed HttpOnly SameSite=Lax cookie capped by the hold; the transactionId stays out of the body', async () => {
    const stay = stays[0]!;
    const res = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(stay)));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'held', price: { total: expect.any(Number) } });
    const reservation = (await h.hooks.reservations()).find(
      (r) => r.houseId === stay.houseId && r.startDate === stay.startDate,
    );
    expect(reservation?.status).toBe('Held');
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(JSON.stringify(body)).not.toContain(reservation!.transactionId);
    expect(setCookie).not.toContain(reservation!.transactionId);
    expect(setCookie).toMatch(/^booking=[^;]+; Path=\/; Max-Age=(\d+); HttpOnly; SameSite=Lax$/);
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeLessThanOrEqual(30 * 60);
    expect(setCookie.length).toBeLessThanOrEqual(4096);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(res.headers.get('cache-control')).toBe('no-store');

    // Opened with the server's key, the cookie holds ids and the hold's end, no guest data.
    const { openSession } = await import('@/lib/session/booking-session');
    const opened = await openSession(decodeURIComponent(cookieOf(res)!.split('=').slice(1).join('=')));
    expect(opened).toMatchObject({
      houseId: stay.houseId,
      stage: 'held',
      transactionId: reservation!.transactionId,
    });
    const text = JSON.stringify(opened);
    // Short values such as a house number ("12a") can occur by chance inside a random id.
    for (const value of Object.values(GUEST)) if (value.length >= 5) expect(text).not.toContain(value);
  });

  it('re-prices the same hold with the session’s transactionId', async () => {
    const stay = stays[1]!;
    const first = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(stay)));
    const cookie = cookieOf(first);
    const before = (await first.json()).price.total as number;
    const again = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(stay, { cancellationFund: true }), {
        cookie,
      }),
    );
    expect(again.status).toBe(200);
    const after = (await again.json()).price.total as number;
    expect(after).toBeGreaterThan(before);
    const held = (await h.hooks.reservations()).filter(
      (r) => r.houseId === stay.houseId && r.startDate === stay.startDate,
    );
    expect(held).toHaveLength(1);
  });

  it('never re-prices a finished booking from a cookie copied before it was finalized: another stay of that house is held anew', async () => {
    const [first, second] = await findStays(h.hooks, {
      count: 2,
      minDaysAhead: 120,
      houseId: stays[5]!.houseId,
    });
    const held = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(first!)));
    const copied = cookieOf(held);
    const done = await h.finalize(
      bookingRequest(
        '/api/booking/finalize',
        { paymentType: 'Later', acceptTerms: true },
        { cookie: copied, headers: { 'idempotency-key': crypto.randomUUID() } },
      ),
    );
    expect(done.status).toBe(200);
    const booked = (await h.hooks.reservations()).find(
      (r) => r.houseId === first!.houseId && r.startDate === first!.startDate,
    )!;

    const res = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(second!), { cookie: copied }),
    );
    expect(res.status).toBe(200);
    const after = await h.hooks.reservations();
    expect(after.find((r) => r.transactionId === booked.transactionId)).toMatchObject({
      startDate: first!.startDate,
      status: booked.status,
    });
    const fresh = after.find((r) => r.houseId === second!.houseId && r.startDate === second!.startDate);
    expect(fresh?.status).toBe('Held');
    expect(fresh?.transactionId).not.toBe(booked.transactionId);
  });

  it('re-checks pets against pet-free accommodation before any partner write, as the browser does', async () => {
    const stay = stays[2]!;
    const details = await h.hooks.partner<{ preferences?: { id: number; keyword?: string }[] }>(
      `houseDetails/${stay.houseId}?adults=2`,
    );
    const petFree = details.preferences?.find((p) => p.keyword === 'pet-free');
    const writes = await count('preRegisterReservation');
    const body = preRegisterBody(stay, {
      party: { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 1 },
      preferenceIds: petFree ? [petFree.id] : [999_999],
    });
    const res = await h.preRegister(bookingRequest('/api/booking/pre-register', body));
    expect([409, 422]).toContain(res.status);
    const problem = await res.json();
    expect(problem.code).toMatch(/selection_invalid|not_available/);
    if (petFree && problem.code === 'selection_invalid')
      expect(problem.errors.selection).toContain('pets_conflict');
    expect(await count('preRegisterReservation')).toBe(writes);
  });

  it('refuses a preference that leaves no unit, and a unit that does not offer the preferences, as the browser does', async () => {
    const stay = stays[3]!;
    const writes = await count('preRegisterReservation');
    const res = await h.preRegister(
      bookingRequest(
        '/api/booking/pre-register',
        preRegisterBody(stay, { preferenceIds: [301, 302, 303, 304, 305, 306, 307] }),
      ),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).errors.selection).toEqual(expect.arrayContaining(['no_matching_unit']));
    expect(await count('preRegisterReservation')).toBe(writes);
  });

  it('validates the guest with the shared schema: field errors, unknown keys refused, real names accepted', async () => {
    const stay = stays[4]!;
    const writes = await count('preRegisterReservation');
    const bad = await h.preRegister(
      bookingRequest('/api/booking/pre-register', {
        ...preRegisterBody(stay),
        guest: { ...GUEST, email: 'not-an-email', firstName: '<script>', country: 'XX' },
      }),
    );
    expect(bad.status).toBe(400);
    const problem = await bad.json();
    expect(problem.errors['guest.email']).toEqual(['guest.errors.email']);
    expect(problem.errors['guest.firstName']).toEqual(['guest.errors.name_chars']);
    expect(problem.errors['guest.country']).toEqual(['guest.errors.country']);
    expect(JSON.stringify(problem)).not.toContain('<script>');

    const extra = await h.preRegister(
      bookingRequest('/api/booking/pre-register', {
        ...preRegisterBody(stay),
        guest: { ...GUEST, isAdmin: true },
      }),
    );
    expect(extra.status).toBe(400);
    const smuggled = await h.preRegister(
      bookingRequest('/api/booking/pre-register', { ...preRegisterBody(stay), price: 0 }),
    );
    expect(smuggled.status).toBe(400);
    expect(await count('preRegisterReservation')).toBe(writes);

    for (const name of [
      { firstName: 'Zoë', lastName: 'Ñúñez-O’Brien' },
      { firstName: '小龍', lastName: '李' },
    ]) {
      await h.resetSite();
      const ok = await h.preRegister(
        bookingRequest('/api/booking/pre-register', {
          ...preRegisterBody(stay),
          guest: { ...GUEST, ...name, insertion: '' },
        }),
      );
      expect(ok.status).toBe(200);
    }
  });

  it('never double-books a unit: a second session asking for a held unit is refused (issue)', async () => {
    const stay = stays[5]!;
    const unitId = stay.unitIds[0]!;
    const a = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(stay, { unitId })),
    );
    expect(a.status).toBe(200);
    const b = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(stay, { unitId })),
    );
    expect([409, 422]).toContain(b.status);
    expect(['unit_taken', 'selection_invalid']).toContain((await b.json()).code);
    const onUnit = (await h.hooks.reservations()).filter(
      (r) => r.unitId === unitId && r.startDate === stay.startDate,
    );
    expect(onUnit).toHaveLength(1);
    // The partner's own refusal (for a fresh site that does not know about the hold) is a 409 too.
    await h.resetSite();
    const c = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(stay, { unitId })),
    );
    expect([409, 422]).toContain(c.status);
  });
});
