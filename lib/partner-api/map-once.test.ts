import { describe, expect, it, vi } from 'vitest';

import { mapOnce } from './map-once';

describe('mapping a cached partner answer once', () => {
  it('maps one answer once per variant and hands every later read the same frozen result', () => {
    const raw = { houseList: [{ houseId: 1 }] };
    const map = vi.fn((answer: typeof raw) => ({ ids: answer.houseList.map((house) => house.houseId) }));
    const first = mapOnce(raw, 'a', map);
    expect(mapOnce(raw, 'a', map)).toBe(first);
    expect(map).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first.ids)).toBe(true);
    // Another variant of the same answer (other dates asked for) is mapped on its own.
    expect(mapOnce(raw, 'b', map)).not.toBe(first);
    expect(map).toHaveBeenCalledTimes(2);
  });

  it('maps a new answer again, even one equal to the last', () => {
    const map = vi.fn((answer: { n: number }) => ({ n: answer.n }));
    mapOnce({ n: 1 }, '', map);
    mapOnce({ n: 1 }, '', map);
    expect(map).toHaveBeenCalledTimes(2);
  });

  it('maps an answer that is no object every time', () => {
    const map = vi.fn((answer: null) => ({ empty: answer === null }));
    expect(mapOnce(null, '', map)).toEqual({ empty: true });
    mapOnce(null, '', map);
    expect(map).toHaveBeenCalledTimes(2);
  });
});
