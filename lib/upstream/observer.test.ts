import { describe, expect, it } from 'vitest';

import type { GovernorObserver } from './observer';
import { countingFetch, fail, MINUTE, setup } from './testing/governor';

/** Collects what the governor reports, as "event op value" strings. */
function recorder(): { events: string[]; observer: GovernorObserver } {
  const events: string[] = [];
  return {
    events,
    observer: {
      sent: (op, outcome) => events.push(`sent ${op} ${outcome}`),
      refused: (op, reason) => events.push(`refused ${op} ${reason}`),
      read: (op, result) => events.push(`read ${op} ${result}`),
    },
  };
}

const read = (houseId: string) => ({ op: 'houseDetails', language: 'nl', params: { houseId } }) as const;

describe('the governor reports every call and read to its observer', () => {
  it('reports a sent call with its outcome and a read with where its answer came from', async () => {
    const { events, observer } = recorder();
    const { clock, governor } = setup({ observer });
    const fetch = countingFetch(clock, () => ({ name: 'house' }));
    await governor.read({ ...read('H1'), fetch });
    await governor.read({ ...read('H1'), fetch });
    await clock.advance(6 * MINUTE);
    await governor.read({ ...read('H1'), fetch });
    await governor.idle();
    expect(events).toEqual([
      'sent houseDetails ok',
      'read houseDetails miss',
      'read houseDetails hit',
      'read houseDetails stale',
      // the background refresh of the stale entry
      'sent houseDetails ok',
    ]);
  });

  it('reports each attempt of a retried read, and the fallback to a stale answer', async () => {
    const { events, observer } = recorder();
    const { clock, governor } = setup({ observer });
    await governor.read({ ...read('H1'), fetch: async () => ({ name: 'old' }) });
    // Past the stale age (an hour) of houseDetails, within its error age: only a fallback serves it.
    await clock.advance(61 * MINUTE);
    events.length = 0;
    const result = await clock.settle(
      governor.read({ ...read('H1'), fetch: fail('unavailable', { upstreamStatus: 503 }) }),
    );
    expect(result).toMatchObject({ cache: 'stale', fallback: true });
    // One call and two retries, each reported, then the stale answer.
    expect(events).toEqual([
      'sent houseDetails unavailable',
      'sent houseDetails unavailable',
      'sent houseDetails unavailable',
      'read houseDetails fallback',
    ]);
  });

  it('reports calls refused during a 429 pause as refused, not sent', async () => {
    const { events, observer } = recorder();
    const { clock, governor } = setup({ observer });
    await expect(
      governor.read({
        ...read('H1'),
        fetch: fail('rate_limited', { upstreamStatus: 429, retryAfterSeconds: 30 }),
      }),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    const fetch = countingFetch(clock, () => ({ ok: true }));
    await expect(governor.read({ ...read('H2'), fetch })).rejects.toMatchObject({ notSent: true });
    await expect(governor.write({ op: 'preRegisterReservation', fetch })).rejects.toMatchObject({
      notSent: true,
    });
    expect(fetch.calls).toHaveLength(0);
    expect(events).toEqual([
      'sent houseDetails rate_limited',
      'refused houseDetails rate_limited',
      'refused preRegisterReservation rate_limited',
    ]);
  });

  it('keeps a call’s result when the observer throws', async () => {
    const { clock, governor } = setup({
      observer: {
        sent: () => {
          throw new Error('broken metrics');
        },
        read: () => {
          throw new Error('broken metrics');
        },
      },
    });
    const fetch = countingFetch(clock, () => ({ name: 'house' }));
    await expect(governor.read({ ...read('H1'), fetch })).resolves.toMatchObject({ cache: 'miss' });
    await expect(governor.write({ op: 'finalizeReservation', fetch })).resolves.toEqual({ name: 'house' });
  });
});
