import { describe, expect, it } from 'vitest';
import { compareQuery, MAX_COMPARED, parseComparedIds } from './compare-address';

describe('the houses a compare address names', () => {
  it('are read from a comma-separated list, in the order given', () => {
    expect(parseComparedIds('12,7,30')).toEqual({ ids: [12, 7, 30], beyondLimit: 0, malformed: [] });
  });

  it('are read from repeated parameters and spaces as well, each id once', () => {
    expect(parseComparedIds(['12, 7', '7', ' 30 ,12'])).toEqual({
      ids: [12, 7, 30],
      beyondLimit: 0,
      malformed: [],
    });
  });

  it('are at most four: the first four distinct ids, and how many more were left out', () => {
    const parsed = parseComparedIds('1,2,2,3,4,5,6');
    expect(MAX_COMPARED).toBe(4);
    expect(parsed.ids).toEqual([1, 2, 3, 4]);
    expect(parsed.beyondLimit).toBe(2);
  });

  it('leave out pieces that are no house ids and name each of them once', () => {
    const parsed = parseComparedIds('3,abc,-5,1e3,007,abc,0x1F,4');
    expect(parsed.ids).toEqual([3, 4]);
    expect(parsed.malformed).toEqual(['abc', '-5', '1e3', '007', '0x1F']);
  });

  it('do not count malformed pieces towards the four', () => {
    expect(parseComparedIds('x,1,y,2,z,3,4').ids).toEqual([1, 2, 3, 4]);
  });

  it('shorten a long malformed piece before it is repeated on the page', () => {
    const [shown] = parseComparedIds('a'.repeat(500)).malformed;
    expect(shown!.length).toBeLessThanOrEqual(24);
    expect(shown!.endsWith('…')).toBe(true);
  });

  it('read only the first forty pieces of an endless list', () => {
    const list = Array.from({ length: 1000 }, (_, i) => String(i + 1)).join(',');
    const parsed = parseComparedIds(list);
    expect(parsed.ids).toEqual([1, 2, 3, 4]);
    expect(parsed.beyondLimit).toBe(36);
  });

  it('are none for a missing or empty parameter', () => {
    expect(parseComparedIds(undefined)).toEqual({ ids: [], beyondLimit: 0, malformed: [] });
    expect(parseComparedIds(' , ,')).toEqual({ ids: [], beyondLimit: 0, malformed: [] });
  });
});

describe('a compare address', () => {
  it('names at most four distinct houses with readable commas, then the stay and party', () => {
    expect(compareQuery([5, 6, 5, 7, 8, 9], 'startDate=2027-06-01&endDate=2027-06-08&adults=3')).toBe(
      'houses=5,6,7,8&startDate=2027-06-01&endDate=2027-06-08&adults=3',
    );
    expect(compareQuery([5, 6], '')).toBe('houses=5,6');
  });

  it('reads back as the houses it was written with', () => {
    const query = new URLSearchParams(compareQuery([41, 2, 300], 'adults=4'));
    expect(parseComparedIds(query.getAll('houses')).ids).toEqual([41, 2, 300]);
  });
});
