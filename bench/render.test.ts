import { describe, expect, it } from 'vitest';
import { MAX_WARM_ROUNDS, WARM_PAGES_PER_SERVER, warmRenders } from './render';

describe('warmRenders', () => {
  const kinds = { search: () => 'search', house: () => 'house' };

  it('runs uncounted rounds until every server has rendered its share of warm-up pages', async () => {
    const rounds: number[] = [];
    const perRound = 700;
    const pages = await warmRenders(
      2,
      async (next) => {
        // A round is a search load and a house load, each rendering half of it.
        if (next() === 'house') rounds.push(perRound);
        return { pages: perRound / 2 };
      },
      kinds,
    );
    expect(pages).toBeGreaterThanOrEqual(2 * WARM_PAGES_PER_SERVER);
    expect(pages - perRound).toBeLessThan(2 * WARM_PAGES_PER_SERVER);
    expect(rounds.length).toBe(Math.ceil((2 * WARM_PAGES_PER_SERVER) / perRound));
  });

  it('stops after its last round when pages come too slowly to reach the share', async () => {
    let rounds = 0;
    const pages = await warmRenders(
      1,
      async (next) => {
        if (next() === 'house') rounds++;
        return { pages: 5 };
      },
      kinds,
    );
    expect(rounds).toBe(MAX_WARM_ROUNDS);
    expect(pages).toBe(10 * MAX_WARM_ROUNDS);
  });
});
