import { describe, expect, it } from 'vitest';
import { currentClient, runAsClient } from './client-scope';
import { scopedDeadline, underDeadline } from './deadline-scope';
import { asBookingStep, inBookingStep, outsideBookingStep, waitsLikeBooking } from './priority';

/** The client, booking and deadline scopes are opened by different layers of one request. */

const snapshot = () => ({
  client: currentClient()?.address,
  deadline: scopedDeadline(),
  step: inBookingStep(),
  waits: waitsLikeBooking(),
});

describe('request scopes opened by different layers', () => {
  it('stack: a booking step under a deadline in a client’s request sees all three', async () => {
    const seen = await runAsClient('a', () =>
      underDeadline(1_000, () => asBookingStep(async () => snapshot())),
    );
    expect(seen).toEqual({ client: 'a', deadline: 1_000, step: true, waits: true });
  });

  it('leaving a booking step keeps the request’s client and deadline', async () => {
    const seen = await runAsClient('a', () =>
      underDeadline(1_000, () => asBookingStep(async () => outsideBookingStep(snapshot))),
    );
    expect(seen).toEqual({ client: 'a', deadline: 1_000, step: false, waits: false });
  });

  it('a client scope inside a deadline keeps the deadline, and a deadline inside keeps the client', async () => {
    expect(await underDeadline(2_000, () => runAsClient('b', async () => snapshot()))).toMatchObject({
      client: 'b',
      deadline: 2_000,
    });
    expect(
      await runAsClient('b', () =>
        underDeadline(3_000, async () => underDeadline(4_000, async () => snapshot())),
      ),
    ).toMatchObject({
      client: 'b',
      deadline: 3_000,
    });
    expect(snapshot()).toEqual({ client: undefined, deadline: undefined, step: false, waits: false });
  });
});
