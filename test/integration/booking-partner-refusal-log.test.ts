import { beforeEach, describe, expect, it } from 'vitest';
import { GUEST, bookingRequest, cookieOf, preRegisterBody } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * A booking step the partner refuses with 400 answers the guest 422 partner_rejected, and leaves
 * the operator a warning naming the step and the status: if the partner refused every booking
 * (its API changed a field, say), that line is what there is to go on. No guest data in it.
 */

const { h, stays } = setUpBookingHarness({ stays: { count: 2, minDaysAhead: 50 } });

beforeEach(() => {
  h.logs.length = 0;
});

interface Line {
  level: number;
  msg: string;
  op?: string;
  upstreamStatus?: number;
}

const refusals = (op: string) =>
  h.logs
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.op === op && l.upstreamStatus === 400 && l.msg === 'partner call failed');

function expectNoGuestData(): void {
  const all = h.logs.join('\n');
  for (const value of [
    GUEST.email,
    GUEST.lastName,
    GUEST.street,
    '123 4567',
    'Amsterdam',
    'Simulated failure',
  ])
    expect(all).not.toContain(value);
}

describe('a partner refusal of a booking step in the log', () => {
  it('pre-register: one warning with the operation and status', async () => {
    await h.hooks.fault({ operation: 'preRegisterReservation', type: 'status', status: 400, count: 1 });
    const res = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(stays[0]!)));
    expect([res.status, (await res.json()).code]).toEqual([422, 'partner_rejected']);
    const lines = refusals('preRegisterReservation');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40 });
    expectNoGuestData();
  });

  it('finalize: one warning with the operation and status', async () => {
    const held = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(stays[1]!)));
    expect(held.status).toBe(200);
    await h.hooks.fault({ operation: 'finalizeReservation', type: 'status', status: 400, count: 1 });
    const res = await h.finalize(
      bookingRequest(
        '/api/booking/finalize',
        { paymentType: 'Later', acceptTerms: true },
        { cookie: cookieOf(held)!, headers: { 'idempotency-key': crypto.randomUUID() } },
      ),
    );
    expect([res.status, (await res.json()).code]).toEqual([422, 'partner_rejected']);
    const lines = refusals('finalizeReservation');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40 });
    expectNoGuestData();
  });
});
