import { describe, expect, it } from 'vitest';
import { readFeedQuery, taggedHouseLink } from './links';

const read = (query: string) => readFeedQuery(new URLSearchParams(query));

describe('the feed address', () => {
  it('takes the six tags and the language, and ignores every other parameter', () => {
    expect(
      read(
        'lang=de&utm_source=blog&utm_medium=feed&utm_campaign=summer&utm_content=sidebar&utm_term=sea&cid=A-1&x=1&page=2',
      ),
    ).toEqual({
      ok: true,
      query: {
        locale: 'de',
        tags: {
          utm_source: 'blog',
          utm_medium: 'feed',
          utm_campaign: 'summer',
          utm_content: 'sidebar',
          utm_term: 'sea',
          cid: 'A-1',
        },
      },
    });
  });

  it('is in the site default language without a lang, with no tags when none are given', () => {
    expect(read('')).toEqual({ ok: true, query: { locale: 'nl', tags: {} } });
  });

  it('is refused by name when a tag breaks the link builder rule or the language is not the site’s', () => {
    expect(read('utm_term=<script>&lang=es&cid=ok')).toEqual({ ok: false, invalid: ['lang', 'utm_term'] });
    expect(read(`utm_content=${'a'.repeat(65)}`)).toEqual({ ok: false, invalid: ['utm_content'] });
  });
});

describe('a tagged house link', () => {
  it('opens the house page of the language on the site origin, tags in a fixed order, encoded', () => {
    expect(
      taggedHouseLink('https://example.test/', 'fr', 12, { cid: 'c 1', utm_term: 'a+b', utm_source: 'blog' }),
    ).toBe('https://example.test/fr/houses/12?utm_source=blog&utm_term=a%2Bb&cid=c+1');
  });

  it('carries no query without tags', () => {
    expect(taggedHouseLink('https://example.test', 'nl', 3, {})).toBe('https://example.test/nl/houses/3');
  });
});
