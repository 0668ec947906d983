import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingRequest, cookieOf, findStays, preRegisterBody, type Stay } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * The booking routes against a sandbox that sends only the fields the partner documents
 * (`seed`): no per-unit preferences or pets, no payment URL, no hold expiry or status. The
 * preferences go to the partner to match, "pay now" ends in a made booking whose payment the
 * partner's e-mail explains, and the guest sees the partner's reservation code, never before
 * finalize. The last case checks the code in the full mode too.
 */

const { h, nextStay: stay } = setUpBookingHarness({ stays: { count: 6, minDaysAhead: 50 } });

async function setFields(mode: 'seed' | 'full') {
  const res = await fetch(`${h.sandbox.url}/__sandbox/fields`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(res.status).toBe(200);
}

/** The record the thank-you page reads, for the session a finalize response set. */
async function doneRecord(cookie: string) {
  const { openSession } = await import('@/lib/session/booking-session');
  const { readDone } = await import('@/lib/booking-flow/records/store');
  const session = await openSession(cookie.slice(cookie.indexOf('=') + 1));
  expect(session?.stage).toBe('finalized');
  return readDone(session!.sid);
}

async function details(houseId: number) {
  return h.hooks.partner<{ preferences?: { id: number; keyword?: string }[] }>(
    `houseDetails/${houseId}?adults=2`,
  );
}

/** The sandbox's transaction for this stay's hold (test-side knowledge; the browser never has it). */
async function heldTransaction(s: Stay): Promise<string> {
  const found = (await h.hooks.reservations()).find(
    (r) => r.houseId === s.houseId && r.startDate === s.startDate && r.status === 'Held',
  );
  expect(found).toBeDefined();
  return found!.transactionId;
}

/** The first stay, house by house, that `fits` the sandbox as it is on the day the test runs. */
async function findStayWhere<T>(fits: (s: Stay) => Promise<T | undefined>): Promise<{ s: Stay; found: T }> {
  const search = await h.hooks.partner<{ houseList: { houseId: number }[] }>('searchHouses?adults=2');
  for (const { houseId } of search.houseList) {
    for (const s of await findStays(h.hooks, { count: 2, minDaysAhead: 50, houseId })) {
      const found = await fits(s);
      if (found !== undefined) return { s, found };
    }
  }
  throw new Error('no stay in the sandbox fits this test');
}

const finalizeReq = (cookie: string, paymentType: string) =>
  bookingRequest(
    '/api/booking/finalize',
    { paymentType, acceptTerms: true },
    { cookie, headers: { 'idempotency-key': crypto.randomUUID() } },
  );

beforeAll(async () => {
  await setFields('seed');
});

beforeEach(async () => {
  await setFields('seed');
});

describe('booking against the documented fields only', () => {
  it('sends a preference for the partner to match when units carry no preference data', async () => {
    const s = stay();
    const preference = (await details(s.houseId)).preferences?.find((p) => p.keyword !== 'pet-free');
    expect(preference).toBeDefined();
    const before = (await h.hooks.stats()).calls.byOperation.preRegisterReservation ?? 0;
    const res = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { preferenceIds: [preference!.id] })),
    );
    // The partner decides: it holds a unit offering the preference, refuses the combination, or
    // has no such unit free on these nights (which depends on the day the test runs). Either way
    // the site asked, and did not block the choice itself for want of unit data.
    expect((await h.hooks.stats()).calls.byOperation.preRegisterReservation ?? 0).toBe(before + 1);
    const body = (await res.json()) as { code?: string };
    const outcome = res.status === 200 ? 'held' : `${res.status} ${body.code}`;
    expect(['held', '422 partner_rejected', '409 preferences_unavailable']).toContain(outcome);
  });

  it('still refuses pet-free accommodation with pets, without asking the partner', async () => {
    // A stay a party with a pet could book, in a house that offers pet-free units: only then is
    // the refusal the site's own rule and not the stay's availability (which changes by the day).
    const { s, found: petFree } = await findStayWhere(async (s) => {
      const petFree = (await details(s.houseId)).preferences?.find((p) => p.keyword === 'pet-free');
      const petUnits = await h.hooks.partner<unknown>(
        `availableHouseUnits?houseId=${s.houseId}&adults=2&animalNr=1&startDate=${s.startDate}&endDate=${s.endDate}`,
      );
      return Array.isArray(petUnits) && petUnits.length > 0 ? petFree : undefined;
    });
    const before = (await h.hooks.stats()).calls.byOperation.preRegisterReservation ?? 0;
    const res = await h.preRegister(
      bookingRequest(
        '/api/booking/pre-register',
        preRegisterBody(s, {
          preferenceIds: [petFree.id],
          party: { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 1 },
        }),
      ),
    );
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('pets_conflict');
    expect((await h.hooks.stats()).calls.byOperation.preRegisterReservation ?? 0).toBe(before);
  });

  it('confirms "pay now" without a payment URL: the thank-you page, the partner code, payment by e-mail', async () => {
    const s = stay();
    const held = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(s)));
    expect(held.status).toBe(200);
    const heldText = await held.text();
    const txn = await heldTransaction(s);
    // Before finalize the transactionId is the key to the hold and never reaches the browser.
    expect(heldText).not.toContain(txn);
    expect(held.headers.get('set-cookie') ?? '').not.toContain(txn);

    const res = await h.finalize(finalizeReq(cookieOf(held)!, 'NowFullAmount'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; next: string };
    expect(body.status).toBe('confirmed');
    expect(new URL(body.next).pathname).toBe('/nl/booking/thank-you');
    expect(new URL(body.next).search).toBe('');

    const done = await doneRecord(cookieOf(res) ?? cookieOf(held)!);
    expect(done?.reservationCode).toBe(txn);
    expect(done?.status).toBe('payment_follows');
    expect(done?.paymentType).toBe('NowFullAmount');
    expect((await h.hooks.reservations()).find((r) => r.transactionId === txn)?.status).toBe(
      'AwaitingPayment',
    );
    const line = h.logs.find((l) => l.includes('"booking.finalized"') && l.includes(txn));
    expect(line).toContain('"reservationCode"');
    expect(line).toContain('"payment_follows"');
  });

  it('shows the partner code for a later payment in the full mode as well', async () => {
    await setFields('full');
    const s = stay();
    const held = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(s)));
    expect(held.status).toBe(200);
    const txn = await heldTransaction(s);
    const res = await h.finalize(finalizeReq(cookieOf(held)!, 'Later'));
    expect(res.status).toBe(200);
    const done = await doneRecord(cookieOf(res) ?? cookieOf(held)!);
    expect(done?.reservationCode).toBe(txn);
    expect(done?.status).toBe('confirmed');
  });

  it('tells a guest who chose no unit that none with their preferences is free, not that "their" unit was taken', async () => {
    // Test-side knowledge from the full mode: which free units of a stay offer which preference.
    // A stay is wanted where some free units offer a preference and at least one does not.
    await setFields('full');
    const {
      s,
      found: { preferenceId, offering },
    } = await findStayWhere(async (s) => {
      const units = await h.hooks.partner<{ unitId: number; preferenceIds?: number[] }[]>(
        `availableHouseUnits?houseId=${s.houseId}&adults=2&startDate=${s.startDate}&endDate=${s.endDate}`,
      );
      for (const { id: preferenceId, keyword } of (await details(s.houseId)).preferences ?? []) {
        if (keyword === 'pet-free') continue;
        const offering = units.filter((u) => u.preferenceIds?.includes(preferenceId)).map((u) => u.unitId);
        if (offering.length > 0 && offering.length < units.length) return { preferenceId, offering };
      }
      return undefined;
    });
    await setFields('seed');
    // Other guests hold every unit that offers the preference; other units stay free.
    for (const unitId of offering) {
      await h.resetSite();
      const other = await h.preRegister(
        bookingRequest('/api/booking/pre-register', preRegisterBody(s, { unitId })),
      );
      expect(other.status).toBe(200);
    }
    await h.resetSite();
    const res = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { preferenceIds: [preferenceId] })),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code?: string }).code).toBe('preferences_unavailable');
  });
});
