import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  compareHref,
  favouriteHref,
  isFavourite,
  MAX_FAVOURITES,
  parseFavourites,
  serializeFavourites,
  toggleFavourite,
  type Favourite,
} from './favourites';

const fav = (id: number, query = ''): Favourite => ({ id, name: `House ${id}`, query });

describe('the kept list', () => {
  it('reads back what was written', () => {
    const list = [fav(1, 'adults=3'), { ...fav(2), picture: 'https://pics.example/2.jpg' }];
    expect(parseFavourites(serializeFavourites(list))).toEqual(list);
  });

  it('is empty for nothing stored, or for text that is not the list', () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites('{"houses":"no"}')).toEqual([]);
  });

  it('drops entries someone edited into something else, keeps each house once', () => {
    const text = JSON.stringify({
      houses: [
        { id: 1, name: 'One', query: '' },
        { id: '2', name: 'Two' },
        { id: -3, name: 'Three' },
        { id: 4 },
        { id: 1, name: 'One again', query: '' },
        { id: 5, name: 'Five', picture: 'javascript:alert(1)', query: 'adults=2&park=9&sort=price' },
      ],
    });
    expect(parseFavourites(text)).toEqual([
      { id: 1, name: 'One', query: '' },
      { id: 5, name: 'Five', query: '' },
    ]);
  });

  it('toggles a house in and out, adding at the end', () => {
    const one = toggleFavourite([], fav(1));
    const two = toggleFavourite(one, fav(2));
    expect(two.map((f) => f.id)).toEqual([1, 2]);
    expect(isFavourite(two, 1)).toBe(true);
    expect(toggleFavourite(two, fav(1)).map((f) => f.id)).toEqual([2]);
  });

  it('keeps at most forty houses, letting the oldest go', () => {
    let list: Favourite[] = [];
    for (let id = 1; id <= MAX_FAVOURITES + 2; id++) list = toggleFavourite(list, fav(id));
    expect(list).toHaveLength(MAX_FAVOURITES);
    expect(list[0]!.id).toBe(3);
  });
});

describe('the stay and party a house is kept with', () => {
  it('are the dates (both, in order) and the party counts of the page address, defaults left out', () => {
    expect(
      canonicalQuery(
        '?startDate=2027-06-04&endDate=2027-06-11&adults=2&child0512=1&pets=1&sort=price&park=3',
      ),
    ).toBe('startDate=2027-06-04&endDate=2027-06-11&child0512=1&pets=1');
  });

  it('leave out dates that are half, reversed or not dates', () => {
    expect(canonicalQuery('startDate=2027-06-04&adults=3')).toBe('adults=3');
    expect(canonicalQuery('startDate=2027-06-11&endDate=2027-06-04')).toBe('');
    expect(canonicalQuery('startDate=2027-02-30&endDate=2027-03-04')).toBe('');
  });
});

describe('the compare link of the favourites', () => {
  it('names up to four houses, at the stay of the newest of them that was kept with dates', () => {
    const list = [
      fav(1, 'startDate=2027-06-04&endDate=2027-06-11'),
      fav(2, 'startDate=2027-07-02&endDate=2027-07-09&adults=3'),
      fav(3, 'adults=4'),
      fav(4),
      fav(5, 'startDate=2027-08-01&endDate=2027-08-08'),
    ];
    expect(compareHref(list)).toBe(
      '/compare?houses=1,2,3,4&startDate=2027-07-02&endDate=2027-07-09&adults=3',
    );
  });

  it('takes the newest house’s party when none was kept with dates', () => {
    expect(compareHref([fav(1, 'adults=3'), fav(2, 'adults=4')])).toBe('/compare?houses=1,2&adults=4');
  });

  it('leads back to a house at the stay it was kept with', () => {
    expect(favouriteHref(fav(7, 'adults=3'))).toBe('/houses/7?adults=3');
    expect(favouriteHref(fav(7))).toBe('/houses/7');
  });
});
