import { describe, expect, it } from 'vitest';
import { isLongerThanDefault, summarizeDefaultStays } from './default-stay';

/** Stays priced without dates: the partner's 2 nights, or the park's longer minimum stay. */

describe('the default stay', () => {
  it('counts the stays that are longer, so the page can say why', () => {
    expect(summarizeDefaultStays([{ nights: 2 }, { nights: 3 }, { nights: 7 }, { nights: 2 }])).toEqual({
      defaultNights: 2,
      longer: 2,
    });
    expect(summarizeDefaultStays([{ nights: 2 }])).toEqual({ defaultNights: 2, longer: 0 });
    expect(summarizeDefaultStays([])).toEqual({ defaultNights: 2, longer: 0 });
  });

  it('tells a single stay longer than the default apart', () => {
    expect(isLongerThanDefault({ nights: 2 })).toBe(false);
    expect(isLongerThanDefault({ nights: 1 })).toBe(false);
    expect(isLongerThanDefault({ nights: 3 })).toBe(true);
  });
});
