import { describe, expect, it } from 'vitest';
import { bookingRequest, cookieOf, findStays, preRegisterBody, type Stay } from './booking-harness';
import { setUpBookingHarness } from './suite-fixtures';

/**
 * POST /api/booking/finalize against the sandbox: session binding, idempotency, concurrency,
 * hold expiry and the ambiguous timeout. Each test books its own stay.
 */

// Writes time out after 1 s here, so a partner that answers later is quick to script.
const { h, nextStay: stay } = setUpBookingHarness({
  env: { PARTNER_WRITE_TIMEOUT_MS: '1000' },
  stays: { count: 23, minDaysAhead: 50 },
});

const KEY = () => crypto.randomUUID();

async function hold(
  s: Stay,
  extra: Record<string, unknown> = {},
): Promise<{ cookie: string; transactionId: string }> {
  const res = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(s, extra)));
  expect(res.status).toBe(200);
  const cookie = cookieOf(res)!;
  const reservation = (await h.hooks.reservations()).find(
    (r) => r.houseId === s.houseId && r.startDate === s.startDate && r.status === 'Held',
  );
  return { cookie, transactionId: reservation!.transactionId };
}

function finalizeReq(
  cookie: string | undefined,
  body: Record<string, unknown> = { paymentType: 'Later', acceptTerms: true },
  key: string | null = KEY(),
) {
  return bookingRequest('/api/booking/finalize', body, {
    cookie,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

const reservation = async (transactionId: string) =>
  (await h.hooks.reservations()).find((r) => r.transactionId === transactionId);
const calls = async (op: string) => (await h.hooks.stats()).calls.byOperation[op] ?? 0;

describe('session binding and step order', () => {
  it('another browser cannot finalize or re-price a reservation, and causes no partner call for it', async () => {
    const a = await hold(stay());
    const bStay = stay();
    const b = await hold(bStay);
    const before = await h.hooks.stats();

    // B, with its own session, names A's transaction.
    const f1 = await h.finalize(
      finalizeReq(b.cookie, { paymentType: 'Later', acceptTerms: true, transactionId: a.transactionId }),
    );
    expect(f1.status).toBe(403);
    // B without any session.
    const f2 = await h.finalize(
      finalizeReq(undefined, { paymentType: 'Later', acceptTerms: true, transactionId: a.transactionId }),
    );
    expect(f2.status).toBe(403);
    // Re-pricing A's hold from B.
    const p1 = await h.preRegister(
      bookingRequest(
        '/api/booking/pre-register',
        { ...preRegisterBody(bStay), transactionId: a.transactionId },
        { cookie: b.cookie },
      ),
    );
    expect(p1.status).toBe(403);
    const p2 = await h.preRegister(
      bookingRequest('/api/booking/pre-register', {
        ...preRegisterBody(bStay),
        transactionId: a.transactionId,
      }),
    );
    expect(p2.status).toBe(403);

    const after = await h.hooks.stats();
    expect(after.calls.byOperation.finalizeReservation).toBe(before.calls.byOperation.finalizeReservation);
    expect(after.calls.byOperation.preRegisterReservation).toBe(
      before.calls.byOperation.preRegisterReservation,
    );
    expect((await reservation(a.transactionId))?.finalizeCalls).toBe(0);
    expect((await reservation(a.transactionId))?.status).toBe('Held');
  });

  it('a tab books only the hold it shows: after another tab holds another stay or re-prices it, 409 hold_changed and no partner call', async () => {
    const [first, second] = [stay(), stay()];
    const a = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(first)));
    expect(a.status).toBe(200);
    const shownInA: unknown = (await a.json()).hold;
    expect(shownInA).toMatch(/^[a-f0-9]{32}$/);

    // A second tab of the same browser (the same cookie) holds another stay.
    const b = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(second), { cookie: cookieOf(a)! }),
    );
    expect(b.status).toBe(200);
    const cookie = cookieOf(b)!;
    const shownInB: unknown = (await b.json()).hold;
    const before = await calls('finalizeReservation');
    const stale = await h.finalize(
      finalizeReq(cookie, { paymentType: 'Later', acceptTerms: true, hold: shownInA }),
    );
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe('hold_changed');

    // The second tab re-prices its hold with the cancellation fund: what it showed before is stale too.
    const repriced = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(second, { cancellationFund: true }), {
        cookie,
      }),
    );
    expect(repriced.status).toBe(200);
    const shownNow: unknown = (await repriced.json()).hold;
    expect(shownNow).not.toBe(shownInB);
    const staleKey = KEY();
    const stale2 = await h.finalize(
      finalizeReq(cookieOf(repriced)!, { paymentType: 'Later', acceptTerms: true, hold: shownInB }, staleKey),
    );
    expect(stale2.status).toBe(409);
    expect((await stale2.json()).code).toBe('hold_changed');
    expect(await calls('finalizeReservation')).toBe(before);

    // The tab that shows the hold as it stands books it, the fund included.
    const ok = await h.finalize(
      finalizeReq(cookieOf(repriced)!, { paymentType: 'Later', acceptTerms: true, hold: shownNow }),
    );
    expect([ok.status, ok.status === 200 ? 'booked' : (await ok.json()).code]).toEqual([200, 'booked']);
    expect(await calls('finalizeReservation')).toBe(before + 1);
    const booked = (await h.hooks.reservations()).filter((r) => r.status !== 'Held');
    expect(booked.map((r) => r.houseId)).toContain(second.houseId);
    expect(booked.map((r) => `${r.houseId}|${r.startDate.slice(0, 10)}`)).not.toContain(
      `${first.houseId}|${first.startDate}`,
    );
  });

  it('a finalize sent while another tab re-prices the hold is 409 hold_changed: the partner never confirms a price the guest was not shown', async () => {
    const s = stay();
    const a = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(s)));
    expect(a.status).toBe(200);
    const cookie = cookieOf(a)!;
    const shownInA: unknown = (await a.json()).hold;
    const before = await calls('finalizeReservation');

    // The partner takes its time over the re-price: it changes the reservation, then answers.
    await h.hooks.fault({ operation: 'preRegisterReservation', type: 'slowSuccess', latencyMs: 700, count: 1 });
    const repricing = h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { cancellationFund: true }), { cookie }),
    );
    await new Promise((resolve) => setTimeout(resolve, 350));
    const racing = await h.finalize(finalizeReq(cookie, { paymentType: 'Later', acceptTerms: true, hold: shownInA }));
    expect([racing.status, (await racing.json()).code]).toEqual([409, 'hold_changed']);
    expect(await calls('finalizeReservation')).toBe(before);

    const repriced = await repricing;
    expect(repriced.status).toBe(200);
    const shownNow: unknown = (await repriced.json()).hold;
    const ok = await h.finalize(
      finalizeReq(cookieOf(repriced)!, { paymentType: 'Later', acceptTerms: true, hold: shownNow }),
    );
    expect(ok.status).toBe(200);
    expect(await calls('finalizeReservation')).toBe(before + 1);
  });

  it('a re-price the partner refuses leaves the hold as it was, and the tab showing it can still book it', async () => {
    const s = stay();
    const a = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(s)));
    const cookie = cookieOf(a)!;
    const shown: unknown = (await a.json()).hold;
    await h.hooks.fault({ operation: 'preRegisterReservation', type: 'status', status: 400, count: 1 });
    const refused = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { cancellationFund: true }), { cookie }),
    );
    expect([refused.status, (await refused.json()).code]).toEqual([422, 'partner_rejected']);
    const ok = await h.finalize(finalizeReq(cookie, { paymentType: 'Later', acceptTerms: true, hold: shown }));
    expect(ok.status).toBe(200);
  });

  it('once a tab has booked, a tab still showing an earlier price of that hold is told the stay is booked, not given the other booking as its own', async () => {
    const s = stay();
    const a = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(s)));
    const shownInA: unknown = (await a.json()).hold;
    // Another tab adds the cancellation fund, then books the hold as it now stands.
    const b = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { cancellationFund: true }), {
        cookie: cookieOf(a)!,
      }),
    );
    const shownInB: unknown = (await b.json()).hold;
    const cookie = cookieOf(b)!;
    const booked = await h.finalize(
      finalizeReq(cookie, { paymentType: 'Later', acceptTerms: true, hold: shownInB }),
    );
    expect(booked.status).toBe(200);
    const before = await calls('finalizeReservation');

    // The first tab still shows the price without the fund and books with the same way to pay.
    const stale = await h.finalize(
      finalizeReq(cookie, { paymentType: 'Later', acceptTerms: true, hold: shownInA }),
    );
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe('already_finalized');
    // The tab that booked, retrying after an answer it never got, still gets its own booking.
    const retry = await h.finalize(
      finalizeReq(cookie, { paymentType: 'Later', acceptTerms: true, hold: shownInB }),
    );
    expect(retry.status).toBe(200);
    expect(await calls('finalizeReservation')).toBe(before);
  });

  it('a tampered cookie is no session and makes no partner call', async () => {
    const a = await hold(stay());
    const [name, value] = a.cookie.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, 40)}${value[40] === 'a' ? 'b' : 'a'}${value.slice(41)}`;
    const before = await calls('finalizeReservation');
    const res = await h.finalize(finalizeReq(tampered));
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('no_booking_session');
    expect(await calls('finalizeReservation')).toBe(before);
  });

  it('finalize without a pre-registration is 409; after completion it replays; close clears the cookie', async () => {
    const none = await h.finalize(finalizeReq(undefined));
    expect(none.status).toBe(409);

    const a = await hold(stay());
    const key = KEY();
    const first = await h.finalize(finalizeReq(a.cookie, undefined, key));
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const finalized = cookieOf(first)!;
    const replay = await h.finalize(finalizeReq(finalized, undefined, key));
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(firstBody);
    expect((await reservation(a.transactionId))?.finalizeCalls).toBe(1);

    const closed = await h.close(bookingRequest('/api/booking/close', {}, { cookie: finalized }));
    expect(closed.status).toBe(204);
    expect(closed.headers.getSetCookie().join()).toMatch(/^booking=; Path=\/; Max-Age=0/);
  });
});

describe('idempotency', () => {
  it('requires a UUID v4 Idempotency-Key', async () => {
    const a = await hold(stay());
    const before = await calls('finalizeReservation');
    const missing = await h.finalize(finalizeReq(a.cookie, undefined, null));
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe('idempotency_key_missing');
    const invalid = await h.finalize(finalizeReq(a.cookie, undefined, 'abc'));
    expect(invalid.status).toBe(400);
    expect(await calls('finalizeReservation')).toBe(before);
  });

  it('same key with another payload is 422; the terms must be accepted', async () => {
    const a = await hold(stay());
    const key = KEY();
    const ok = await h.finalize(finalizeReq(a.cookie, { paymentType: 'Later', acceptTerms: true }, key));
    expect(ok.status).toBe(200);
    const cookie = cookieOf(ok)!;
    const other = await h.finalize(
      finalizeReq(cookie, { paymentType: 'NowFullAmount', acceptTerms: true }, key),
    );
    expect(other.status).toBe(422);
    expect((await other.json()).code).toBe('idempotency_key_reused');
    const terms = await h.finalize(finalizeReq(cookie, { paymentType: 'Later', acceptTerms: false }, KEY()));
    expect(terms.status).toBe(400);
    expect((await reservation(a.transactionId))?.finalizeCalls).toBe(1);
  });

  it('concurrent finalizes (double click, retries, a second tab) make exactly one partner finalize', async () => {
    const a = await hold(stay());
    const before = await calls('finalizeReservation');
    // Slow the partner down so every request arrives while the first is in flight.
    await h.hooks.fault({ operation: 'finalizeReservation', type: 'latency', latencyMs: 300, count: 1 });
    const keys = [KEY(), KEY(), KEY()];
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        h.finalize(finalizeReq(a.cookie, undefined, keys[i % keys.length])),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect((await reservation(a.transactionId))?.finalizeCalls).toBe(1);
    expect(await calls('finalizeReservation')).toBe(before + 1);

    // After completion every key of this transaction gets the same answer, without a partner call.
    const winner = await responses.find((r) => r.status === 200)!.json();
    for (const key of keys) {
      const again = await h.finalize(finalizeReq(a.cookie, undefined, key));
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(winner);
    }
    expect(await calls('finalizeReservation')).toBe(before + 1);
  });
});

describe('hold expiry and ambiguous failures', () => {
  it('explains an expired hold (410, cookie cleared) without retrying, and a renewal places a new hold', async () => {
    const s = stay();
    const a = await hold(s);
    await h.hooks.advanceClock(31 * 60_000);
    const res = await h.finalize(finalizeReq(a.cookie));
    expect(res.status).toBe(410);
    expect((await res.json()).code).toBe('hold_expired');
    expect(res.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect((await reservation(a.transactionId))?.finalizeCalls).toBe(1);
    expect((await reservation(a.transactionId))?.status).toBe('Expired');

    // Renewing (pre-register again, the old cookie gone) holds the stay anew.
    const renewed = await h.preRegister(bookingRequest('/api/booking/pre-register', preRegisterBody(s)));
    expect(renewed.status).toBe(200);
    const fresh = (await h.hooks.reservations()).filter(
      (r) => r.houseId === s.houseId && r.startDate === s.startDate && r.status === 'Held',
    );
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.transactionId).not.toBe(a.transactionId);
  });

  it('re-pricing an expired hold answers 410 hold_expired and clears the cookie', async () => {
    const s = stay();
    const a = await hold(s);
    await h.hooks.advanceClock(31 * 60_000);
    const res = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s, { cancellationFund: true }), {
        cookie: a.cookie,
      }),
    );
    expect(res.status).toBe(410);
    expect(cookieOf(res)).toBe('booking=');
  });

  it('a finalize that times out after being sent is "checking", logged for the operator, and never sent again', async () => {
    const s = stay();
    const a = await hold(s);
    await h.hooks.fault({
      operation: 'finalizeReservation',
      type: 'slowSuccess',
      latencyMs: 1_500,
      count: 1,
    });
    const res = await h.finalize(finalizeReq(a.cookie));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'checking' });
    expect(
      h.logs.some((line) => line.includes('booking.finalize_unknown') && line.includes('"alert":"operator"')),
    ).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await reservation(a.transactionId))?.status).toBe('Confirmed');
    const again = await h.finalize(finalizeReq(a.cookie));
    expect(again.status).toBe(202);
    expect((await reservation(a.transactionId))?.finalizeCalls).toBe(1);

    // Holding the stay again from the guest step (the guest thinks nothing happened) is refused
    // as a booking being confirmed, not "no longer available", and the partner is not asked.
    const before = await calls('preRegisterReservation');
    const rehold = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(s), { cookie: a.cookie }),
    );
    expect(rehold.status).toBe(409);
    expect((await rehold.json()).code).toBe('finalize_in_progress');
    expect(await calls('preRegisterReservation')).toBe(before);

    // Other dates of the same house are another booking: held under a new transaction, never
    // by re-pricing the one being confirmed.
    const later = (await findStays(h.hooks, { count: 4, minDaysAhead: 50, houseId: s.houseId })).find(
      (other) => other.endDate <= s.startDate || other.startDate >= s.endDate,
    );
    const other = await h.preRegister(
      bookingRequest('/api/booking/pre-register', preRegisterBody(later!), { cookie: a.cookie }),
    );
    expect(other.status).toBe(200);
    const held = (await h.hooks.reservations())
      .filter((r) => r.houseId === later!.houseId && r.startDate === later!.startDate)
      .at(-1);
    expect(held?.status).toBe('Held');
    expect(held?.transactionId).not.toBe(a.transactionId);
    expect((await reservation(a.transactionId))?.startDate).toBe(s.startDate);
  });

  it('a finalize whose instance died after sending it is "checking" and alerts the operator once', async () => {
    const a = await hold(stay());
    const sent = await calls('finalizeReservation');
    // What a killed instance leaves behind: the record it took before calling the partner, in
    // flight for longer than any write may take, never completed.
    const { sessionFromRequest } = await import('@/lib/session/booking-session');
    const { STALE_IN_FLIGHT_MS, claimFinalize, fingerprint } = await import(
      '@/lib/booking-flow/records/finalize-records'
    );
    const session = await sessionFromRequest(finalizeReq(a.cookie));
    const scope = { sid: session!.sid, transactionId: a.transactionId };
    const lost = { key: KEY(), fp: fingerprint({ paymentType: 'Later' }) };
    const claimed = await claimFinalize(scope, lost, Date.now() - STALE_IN_FLIGHT_MS - 1_000);
    expect(claimed.kind).toBe('acquired');
    const alerted = () =>
      h.logs.filter((line) => line.includes('booking.finalize_unknown') && line.includes('"alert":"operator"'))
        .length;
    const before = alerted();
    const alerts = () => alerted() - before;

    const retry = await h.finalize(finalizeReq(a.cookie, { paymentType: 'Later', acceptTerms: true }, lost.key));
    expect(retry.status).toBe(202);
    expect(await retry.json()).toEqual({ status: 'checking' });
    expect(alerts()).toBe(1);
    const again = await h.finalize(finalizeReq(a.cookie));
    expect(again.status).toBe(202);
    expect(alerts()).toBe(1);
    expect(await calls('finalizeReservation')).toBe(sent);
  });

  it('a store that cannot be reached at finalize gets "unavailable, retry" and nothing sent; the retry books once', async () => {
    const a = await hold(stay());
    const sent = await calls('finalizeReservation');
    const { getGateway } = await import('@/lib/partner-api/gateway');
    const records = getGateway().store.idempotency;
    const putIfAbsent = records.putIfAbsent;
    records.putIfAbsent = () => Promise.reject(new Error("Stream isn't writeable"));
    const key = KEY();
    const refused = await h.finalize(finalizeReq(a.cookie, { paymentType: 'Later', acceptTerms: true }, key));
    records.putIfAbsent = putIfAbsent;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await refused.json()).code).toBe('unavailable');
    expect(await calls('finalizeReservation')).toBe(sent);

    const retried = await h.finalize(finalizeReq(a.cookie, { paymentType: 'Later', acceptTerms: true }, key));
    expect(retried.status).toBe(200);
    expect((await reservation(a.transactionId))?.finalizeCalls).toBe(1);
  });

  it('a definite failure (partner 400) frees the transaction for another attempt', async () => {
    const a = await hold(stay());
    await h.hooks.fault({ operation: 'finalizeReservation', type: 'status', status: 400, count: 1 });
    const failed = await h.finalize(finalizeReq(a.cookie));
    expect(failed.status).toBe(422);
    const ok = await h.finalize(finalizeReq(a.cookie));
    expect(ok.status).toBe(200);
    expect((await reservation(a.transactionId))?.status).toBe('Confirmed');
  });

  it('sends Now* payments on to the partner’s payment page, and Later straight to the thank-you page in the language the guest booked in', async () => {
    const later = await hold(stay());
    const r1 = await h.finalize(finalizeReq(later.cookie, { paymentType: 'Later', acceptTerms: true }));
    const b1 = await r1.json();
    expect(b1.status).toBe('confirmed');
    expect(new URL(b1.next).origin).toBe('http://127.0.0.1:3100');
    expect(new URL(b1.next).pathname).toBe('/nl/booking/thank-you');

    // Held in Dutch, booked after the guest switched to French: the thank-you page is French.
    const switched = await hold(stay());
    const r3 = await h.finalize(
      finalizeReq(switched.cookie, { paymentType: 'Later', acceptTerms: true, locale: 'fr' }),
    );
    expect(new URL(((await r3.json()) as { next: string }).next).pathname).toBe('/fr/booking/thank-you');

    const partial = await hold(stay());
    const r2 = await h.finalize(
      finalizeReq(partial.cookie, { paymentType: 'NowPartialPayment', acceptTerms: true }),
    );
    const b2 = await r2.json();
    expect(b2.status).toBe('awaiting_payment');
    expect(b2.next).toBe(`${h.sandbox.url}/__pay/${partial.transactionId}`);
  });
});

describe('inbound guards: CSRF and size and rate limits', () => {
  it('refuses cross-site requests, a missing client header and non-JSON bodies, with no partner call', async () => {
    const a = await hold(stay());
    const before = await calls('finalizeReservation');
    const crossSite = await h.finalize(
      bookingRequest(
        '/api/booking/finalize',
        { paymentType: 'Later', acceptTerms: true },
        { cookie: a.cookie, headers: { 'sec-fetch-site': 'cross-site', 'idempotency-key': KEY() } },
      ),
    );
    expect(crossSite.status).toBe(403);
    const sameSite = await h.finalize(
      bookingRequest(
        '/api/booking/finalize',
        { paymentType: 'Later', acceptTerms: true },
        { cookie: a.cookie, headers: { 'sec-fetch-site': 'same-site', 'idempotency-key': KEY() } },
      ),
    );
    expect(sameSite.status).toBe(403);
    const noHeader = await h.finalize(
      bookingRequest(
        '/api/booking/finalize',
        { paymentType: 'Later', acceptTerms: true },
        { cookie: a.cookie, headers: { 'x-booking-client': '', 'idempotency-key': KEY() } },
      ),
    );
    expect(noHeader.status).toBe(403);
    const text = await h.finalize(
      bookingRequest('/api/booking/finalize', 'paymentType=Later', {
        cookie: a.cookie,
        headers: { 'content-type': 'text/plain', 'idempotency-key': KEY() },
      }),
    );
    expect(text.status).toBe(415);
    expect(await calls('finalizeReservation')).toBe(before);
    expect(crossSite.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an oversize body is 413 and a session over its limit gets 429 with Retry-After', async () => {
    const a = await hold(stay());
    const before = await calls('finalizeReservation');
    const big = await h.finalize(
      bookingRequest(
        '/api/booking/finalize',
        { paymentType: 'Later', acceptTerms: true, pad: 'x'.repeat(20_000) },
        { cookie: a.cookie, headers: { 'idempotency-key': KEY() } },
      ),
    );
    expect(big.status).toBe(413);
    const { RATE_LIMITS } = await import('@/lib/booking-flow/rules/rate-limit');
    let last: Response | undefined;
    for (let i = 0; i <= RATE_LIMITS.finalize.perSession; i++) {
      last = await h.finalize(finalizeReq(a.cookie, { paymentType: 'Bogus' }));
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await calls('finalizeReservation')).toBe(before);
  });
});
