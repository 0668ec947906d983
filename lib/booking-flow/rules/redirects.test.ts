import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildThankYouUrl } from './redirects';

/** The URLs the flow hands out, against a corpus of open-redirect tricks. */

const SITE = 'https://book.example.nl';

const CORPUS = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https:\\\\evil.example',
  'https://evil.example',
  'https://book.example.nl@evil.example',
  'https://app@evil.example',
  'http://book.example.nl.evil.example',
  'https://book-example.nl',
  'https://bооk.example.nl', // Cyrillic o's: a look-alike host
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/%2F%2Fevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'evil.example',
  '',
  '/nl/book/1001/../../../evil',
  '/nl/booking/thank-you#@evil.example',
];

describe('buildThankYouUrl', () => {
  it('is SITE_URL + /{locale}/booking/thank-you and nothing else', () => {
    expect(buildThankYouUrl({ siteUrl: SITE }, 'de')).toBe(`${SITE}/de/booking/thank-you`);
    expect(buildThankYouUrl({ siteUrl: `${SITE}/some/path?x=1` }, 'nl')).toBe(`${SITE}/nl/booking/thank-you`);
  });

  it('uses a configured partner thank-you URL instead of the site', () => {
    expect(
      buildThankYouUrl(
        { siteUrl: SITE, partnerThankYouUrl: 'https://partner.example/bedankt?src=site' },
        'nl',
      ),
    ).toBe('https://partner.example/bedankt?src=site');
  });

  it('accepts no locale from the corpus: the origin and path stay fixed', () => {
    for (const evil of CORPUS) {
      const url = new URL(buildThankYouUrl({ siteUrl: SITE }, evil));
      expect(url.origin).toBe(SITE);
      expect(url.pathname).toBe('/nl/booking/thank-you');
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
    }
  });

  it('keeps origin and path for any locale (property)', () => {
    fc.assert(
      fc.property(fc.string(), (locale) => {
        const url = new URL(buildThankYouUrl({ siteUrl: SITE }, locale));
        expect(url.origin).toBe(SITE);
        expect(url.pathname).toMatch(/^\/(nl|en|de|fr)\/booking\/thank-you$/);
        expect(url.search).toBe('');
      }),
    );
  });

  it('refuses a base that is not http(s) or carries credentials', () => {
    expect(() => buildThankYouUrl({ siteUrl: 'javascript:alert(1)' }, 'nl')).toThrow();
    expect(() =>
      buildThankYouUrl({ siteUrl: SITE, partnerThankYouUrl: 'https://user:pw@partner.example/' }, 'nl'),
    ).toThrow();
  });
});
