import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { describeSearch, type SearchPreviewWords } from './search-preview';

const WORDS: SearchPreviewWords = {
  title: 'Search holiday houses',
  parkTitle: (park) => `Holiday houses at ${park}`,
  description: 'Compare houses.',
  count: (count) => `${count} houses found`,
  adults: (count) => `${count} adults`,
  children: (count) => `${count} children`,
  pets: (count) => `${count} pets`,
};
const NOTHING_CHOSEN = { dates: false, party: false };

describe('describeSearch', () => {
  it('names the park and the house type of the link in the title', () => {
    const { title } = describeSearch(
      { locale: 'en', criteria: { ...DEFAULT_PARTY, park: 2, type: 3 }, explicit: NOTHING_CHOSEN, parkName: 'Duinpark', typeName: 'Villa' },
      WORDS,
    );
    expect(title).toBe('Holiday houses at Duinpark · Villa');
  });

  it('describes the chosen stay, party and the houses found before the general description', () => {
    const { description } = describeSearch(
      {
        locale: 'en',
        criteria: { ...DEFAULT_PARTY, adults: 3, child0002: 1, child1317: 1, pets: 1, startDate: '2026-07-10', endDate: '2026-07-17' },
        explicit: { dates: true, party: true },
        shownCount: 4,
      },
      WORDS,
    );
    expect(description).toMatch(/^4 houses found · .*10.*17.* · 3 adults, 2 children, 1 pets\. Compare houses\.$/);
  });

  it('leaves out what the link did not choose and a count it could not read', () => {
    const result = describeSearch({ locale: 'en', criteria: { ...DEFAULT_PARTY }, explicit: NOTHING_CHOSEN }, WORDS);
    expect(result).toEqual({ title: 'Search holiday houses', description: 'Compare houses.' });
  });
});
