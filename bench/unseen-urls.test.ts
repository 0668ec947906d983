import { describe, expect, it } from 'vitest';
import { pageTarget } from '../lib/seo/page-params';
import { respell, spellingCount } from './unseen-urls';

const params = (link: string) => [...new URL(link, 'http://site').searchParams].sort();

describe('unseen addresses for the render phase', () => {
  const search = '/en/search?startDate=2030-05-01&endDate=2030-05-04&adults=2&child0512=2';

  it('asks for the same search with a page key of its own for every spelling', () => {
    const keys = new Set<string>();
    for (let n = 1; n <= 500; n++) {
      const link = respell(search, n);
      expect(params(link)).toEqual(params(search));
      expect(link.startsWith('/en/search?')).toBe(true);
      keys.add(pageTarget(link));
    }
    expect(keys.size).toBe(500);
    expect(keys.has(pageTarget(search))).toBe(false);
  });

  it('names the default party on a house page, as many ways as its letters allow', () => {
    expect(params(respell('/de/houses/12', 3))).toEqual([
      ['adults', '2'],
      ['pets', '0'],
    ]);
    expect(respell('/de/houses/12', 0)).toBe('/de/houses/12?adults=2&pets=0');
    expect(respell('/de/houses/12', 1)).toBe('/de/houses/12?%61dults=2&pets=0');
    expect(respell('/de/houses/12', 64)).toBe('/de/houses/12?adults=2&%70ets=0');
    const count = spellingCount('/de/houses/12');
    expect(count).toBe(1024);
    const keys = new Set(Array.from({ length: count - 1 }, (_, i) => pageTarget(respell('/de/houses/12', i + 1))));
    expect(keys.size).toBe(count - 1);
  });
});
