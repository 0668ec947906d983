import { describe, expect, it } from 'vitest';

import { flush } from './testing/fake-clock';
import { countingFetch, deferred, setup } from './testing/governor';
import { SingleFlight } from './single-flight';

describe('single-flight', () => {
  it('shares one run between concurrent callers and starts afresh after it settles', async () => {
    const flights = new SingleFlight();
    const gate = deferred<number>();
    let runs = 0;
    const work = () => {
      runs += 1;
      return gate.promise;
    };
    const both = Promise.all([flights.run('k', work), flights.run('k', work)]);
    expect(flights.has('k')).toBe(true);
    gate.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
    await flights.run('k', async () => (runs += 1));
    expect(runs).toBe(2);
  });

  it('shares a failure and then forgets it', async () => {
    const flights = new SingleFlight();
    const outcome = Promise.allSettled([
      flights.run('k', async () => Promise.reject(new Error('x'))),
      flights.run('k', async () => 1),
    ]);
    expect((await outcome).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await flights.run('k', async () => 2)).toBe(2);
  });

  it('makes one upstream call for 200 concurrent identical reads', async () => {
    const { clock, governor } = setup();
    const answer = deferred<{ houses: string[] }>();
    const fetch = countingFetch(clock, () => answer.promise);
    const reads = Array.from({ length: 200 }, () =>
      governor.read({
        op: 'searchHouses',
        language: 'nl',
        params: { adults: 2, startDate: '2030-07-01' },
        fetch,
      }),
    );
    await flush();
    answer.resolve({ houses: ['h1'] });
    const results = await Promise.all(reads);
    expect(fetch.calls).toHaveLength(1);
    expect(results.every((r) => r.cache === 'miss' && r.value.houses[0] === 'h1')).toBe(true);
    expect((await governor.stats()).upstreamCalls).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('lets a caller that joined a shared call stop at its own, shorter deadline', async () => {
    const { clock, governor } = setup();
    const answer = deferred<string>();
    const fetch = countingFetch(clock, () => answer.promise);
    const request = { op: 'houseDetails', language: 'fr', params: { houseId: 'H3' }, fetch } as const;
    const leader = governor.read({ ...request, deadlineMs: 5_000 });
    const start = clock.now();
    await expect(clock.settle(governor.read({ ...request, deadlineMs: 1_000 }))).rejects.toMatchObject({
      code: 'timeout',
    });
    expect(clock.now() - start).toBe(1_000);
    answer.resolve('Maison');
    expect(await leader).toMatchObject({ cache: 'miss', value: 'Maison' });
    expect(fetch.calls).toHaveLength(1);
  });
});
