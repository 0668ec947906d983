import { describe, expect, it } from 'vitest';
import { GUEST, bookingRequest, cookieOf, preRegisterBody, type Stay } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * A pre-register the partner acts on but answers late. Reads time out after 600 ms here and
 * writes after 1.5 s: a hold that takes a second is still placed and told to the guest; one
 * that takes longer than the write timeout leaves a hold no one can name (the partner offers no
 * way to look it up), and the guest's retry is told that their own earlier attempt may hold the
 * unit, and until when, instead of "someone else took it".
 */

const READ_TIMEOUT_MS = 600;
const WRITE_TIMEOUT_MS = 1_500;
const HOLD_SECONDS = 30 * 60;

const { h, stays } = setUpBookingHarness({
  env: {
    PARTNER_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    PARTNER_WRITE_TIMEOUT_MS: String(WRITE_TIMEOUT_MS),
    PARTNER_DEADLINE_MS: '3000',
  },
  stays: { count: 3, minDaysAhead: 60, minUnits: 2 },
});

/** The `name=value` pair of the pending-attempt cookie a response sets, if any. */
function attemptCookieOf(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?booking-attempt=/.test(c))
    ?.split(';')[0];
}

const post = (body: unknown, cookie?: string) =>
  h.preRegister(bookingRequest('/api/booking/pre-register', body, { cookie }));

const holdsOn = async (stay: Stay) =>
  (await h.hooks.reservations()).filter(
    (r) => r.houseId === stay.houseId && r.startDate === stay.startDate && r.status === 'Held',
  );

describe('a slow pre-register', () => {
  it('holds the stay when the partner answers after the read timeout but within the write timeout', async () => {
    const stay = stays[0]!;
    await h.hooks.fault({ operation: 'preRegisterReservation', type: 'latency', latencyMs: 1_000, count: 1 });
    const res = await post(preRegisterBody(stay));
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toBeTruthy();
    expect(await holdsOn(stay)).toHaveLength(1);
  });
});

describe('a pre-register the partner placed but never answered in time', () => {
  it('answers the retry for the same unit with 409 hold_pending and the time until the unheld hold lapses, and lets another unit be held', async () => {
    const stay = stays[1]!;
    const [unitId, otherUnitId] = stay.unitIds as [number, number];
    // The partner places the hold, then answers only after the write timeout.
    await h.hooks.fault({
      operation: 'preRegisterReservation',
      type: 'slowSuccess',
      latencyMs: 4_000,
      count: 1,
    });
    const started = Date.now();
    const first = await post(preRegisterBody(stay, { unitId }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(WRITE_TIMEOUT_MS - 50);
    expect(first.status).toBe(504);
    expect(cookieOf(first)).toBeUndefined();
    const attempt = attemptCookieOf(first);
    expect(await holdsOn(stay)).toEqual([expect.objectContaining({ unitId })]);

    const retry = await post(preRegisterBody(stay, { unitId }), attempt);
    const problem = await retry.json();
    expect(problem.code).toBe('hold_pending');
    expect(retry.status).toBe(409);
    const retryAfter = Number(retry.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(HOLD_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(HOLD_SECONDS);
    expect(problem.retryAfter).toBe(retryAfter);

    expect(attempt).toMatch(/^(__Host-)?booking-attempt=[a-f0-9]{32}$/);
    // What the site remembers of the attempt holds no guest data.
    const { getGateway } = await import('@/lib/partner-api/gateway');
    const record = JSON.stringify(
      await getGateway().store.idempotency.get(`booking:pending-attempt:v1:${attempt!.split('=')[1]}`),
    );
    expect(record).toContain(String(unitId));
    for (const value of [GUEST.email, GUEST.lastName, GUEST.street, GUEST.phone])
      expect(record).not.toContain(value);

    // Another unit of the same stay is not blocked by the earlier attempt.
    const other = await post(preRegisterBody(stay, { unitId: otherUnitId }), attempt);
    expect(other.status).toBe(200);
    expect((await other.json()).unit).toMatchObject({ id: otherUnitId });
    expect(attemptCookieOf(other)).toMatch(/^(__Host-)?booking-attempt=$/);

    // A guest without that attempt is told plainly that the unit is taken.
    const stranger = await post(preRegisterBody(stay, { unitId }));
    expect([409, 422]).toContain(stranger.status);
    expect(['unit_taken', 'selection_invalid']).toContain((await stranger.json()).code);
  });

  it('lets the retry of a selection without a chosen unit hold another free unit at once', async () => {
    const stay = stays[2]!;
    await h.hooks.fault({
      operation: 'preRegisterReservation',
      type: 'slowSuccess',
      latencyMs: 4_000,
      count: 1,
    });
    const first = await post(preRegisterBody(stay));
    expect(first.status).toBe(504);
    const attempt = attemptCookieOf(first);
    const [orphan] = await holdsOn(stay);
    expect(orphan).toBeDefined();

    const retry = await post(preRegisterBody(stay), attempt);
    expect(retry.status).toBe(200);
    const held = (await retry.json()).unit as { id: number };
    expect(held.id).not.toBe(orphan!.unitId);
  });
});
