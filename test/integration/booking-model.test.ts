import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingRequest, cookieOf, preRegisterBody, type Harness, type Stay } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * Booking steps run in order, as a model-based test: random sequences of pre-register,
 * finalize (with a new or a repeated Idempotency-Key), hold expiry and a tampered cookie are run
 * against the site and the sandbox, and compared with a small state machine, including how many
 * finalize calls reach the partner.
 */

interface Model {
  hold: 'none' | 'held' | 'expired' | 'finalized';
  finalizeCalls: number;
}

interface Real {
  cookie: string | undefined;
  lastKey: string | undefined;
  stay: Stay;
  h: Harness;
}

async function partnerFinalizeCalls(h: Harness): Promise<number> {
  return (await h.hooks.stats()).calls.byOperation.finalizeReservation ?? 0;
}

class PreRegister implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    // The stay this session has just booked is not held again (that could book it twice); a
    // lapsed hold is said to be gone; anything else re-prices or holds anew.
    const res = await r.h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(r.stay), { cookie: r.cookie }));
    if (m.hold === 'finalized') {
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('already_finalized');
      return;
    }
    if (m.hold === 'expired') {
      // The session still names the lapsed hold: the partner answers 410 and the cookie goes.
      expect(res.status).toBe(410);
      r.cookie = undefined;
      m.hold = 'none';
      return;
    }
    expect(res.status).toBe(200);
    r.cookie = cookieOf(res);
    m.hold = 'held';
  }
  toString = () => 'preRegister';
}

class Finalize implements fc.AsyncCommand<Model, Real> {
  constructor(readonly repeatKey: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const key = this.repeatKey && r.lastKey ? r.lastKey : crypto.randomUUID();
    r.lastKey = key;
    const res = await r.h.finalize(
      bookingRequest('/api/booking/finalize', { paymentType: 'Later', acceptTerms: true }, { cookie: r.cookie, headers: { 'idempotency-key': key } }),
    );
    switch (m.hold) {
      case 'none':
        expect(res.status).toBe(409);
        break;
      case 'expired':
        expect(res.status).toBe(410);
        m.finalizeCalls += 1;
        m.hold = 'none';
        r.cookie = undefined;
        break;
      case 'held':
        expect(res.status).toBe(200);
        m.finalizeCalls += 1;
        m.hold = 'finalized';
        r.cookie = cookieOf(res) ?? r.cookie;
        break;
      case 'finalized':
        // Replayed from the record, whatever the key: no second partner call.
        expect(res.status).toBe(200);
        break;
    }
    expect(await partnerFinalizeCalls(r.h)).toBe(m.finalizeCalls);
  }
  toString = () => `finalize(${this.repeatKey ? 'same key' : 'new key'})`;
}

class Expire implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.hold === 'held';
  async run(m: Model, r: Real) {
    await r.h.hooks.advanceClock(31 * 60_000);
    m.hold = 'expired';
  }
  toString = () => 'expire';
}

class Tamper implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.hold !== 'none';
  async run(m: Model, r: Real) {
    const [name, value = ''] = (r.cookie ?? 'booking=').split('=');
    const i = Math.floor(value.length / 2);
    const forged = `${name}=${value.slice(0, i)}${value[i] === 'x' ? 'y' : 'x'}${value.slice(i + 1)}`;
    const before = await partnerFinalizeCalls(r.h);
    const res = await r.h.finalize(
      bookingRequest('/api/booking/finalize', { paymentType: 'Later', acceptTerms: true }, { cookie: forged, headers: { 'idempotency-key': crypto.randomUUID() } }),
    );
    expect(res.status).toBe(409);
    expect(await partnerFinalizeCalls(r.h)).toBe(before);
  }
  toString = () => 'tamper';
}

const { h, stays } = setUpBookingHarness({ stays: { count: 3, minDaysAhead: 50, minUnits: 5 }, resetEachTest: false });

describe('booking steps as a state machine', () => {
  it('matches the model for random command sequences, with one partner finalize per hold at most', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.constant(new PreRegister()),
            fc.boolean().map((same) => new Finalize(same)),
            fc.constant(new Expire()),
            fc.constant(new Tamper()),
          ],
          { maxCommands: 8 },
        ),
        async (commands) => {
          await h.hooks.reset();
          await h.resetSite();
          const stay = stays[run++ % stays.length]!;
          const model: Model = { hold: 'none', finalizeCalls: 0 };
          await fc.asyncModelRun(() => ({ model, real: { cookie: undefined, lastKey: undefined, stay, h } }), commands);
        },
      ),
      { numRuns: 12 },
    );
  });
});
