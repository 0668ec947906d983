import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildThankYouUrl, isAllowedPaymentUrl } from './redirects';

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
  it('is SITE_URL + /{locale}/booking/thank-you with the opaque reference', () => {
    expect(buildThankYouUrl({ siteUrl: SITE }, 'de', 'AB12-CD34EF')).toBe(
      `${SITE}/de/booking/thank-you?ref=AB12-CD34EF`,
    );
    expect(buildThankYouUrl({ siteUrl: `${SITE}/some/path?x=1` }, 'nl')).toBe(`${SITE}/nl/booking/thank-you`);
  });

  it('uses a configured partner thank-you URL instead of the site', () => {
    expect(
      buildThankYouUrl(
        { siteUrl: SITE, partnerThankYouUrl: 'https://partner.example/bedankt?src=site' },
        'nl',
        'AB12-CD34EF',
      ),
    ).toBe('https://partner.example/bedankt?src=site&ref=AB12-CD34EF');
  });

  it('accepts no locale or reference from the corpus: the origin and path stay fixed', () => {
    for (const evil of CORPUS) {
      const url = new URL(buildThankYouUrl({ siteUrl: SITE }, evil, evil));
      expect(url.origin).toBe(SITE);
      expect(url.pathname).toBe('/nl/booking/thank-you');
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
    }
  });

  it('keeps origin and path for any locale and reference (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (locale, reference) => {
        const url = new URL(buildThankYouUrl({ siteUrl: SITE }, locale, reference));
        expect(url.origin).toBe(SITE);
        expect(url.pathname).toMatch(/^\/(nl|en|de|fr)\/booking\/thank-you$/);
        expect([...url.searchParams.keys()].every((k) => k === 'ref')).toBe(true);
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

describe('isAllowedPaymentUrl', () => {
  const sandbox = { allowedOrigins: ['http://127.0.0.1:4110'], allowAnyHttps: false };
  const partner = { allowedOrigins: [], allowAnyHttps: true };

  it('follows the sandbox payment page only from the sandbox origin', () => {
    expect(isAllowedPaymentUrl('http://127.0.0.1:4110/__pay/abc', sandbox)).toBe(true);
    expect(isAllowedPaymentUrl('http://127.0.0.1:9999/__pay/abc', sandbox)).toBe(false);
  });

  it('refuses the corpus, credentials and plain http in partner mode', () => {
    // The partner names its payment provider, so any https origin may pass; nothing else may.
    for (const evil of CORPUS) {
      if (!isAllowedPaymentUrl(evil, partner)) continue;
      const url = new URL(evil);
      expect(url.protocol).toBe('https:');
      expect(url.username + url.password).toBe('');
    }
    for (const evil of [
      'javascript:alert(1)',
      'data:text/html,x',
      'https://app@evil.example',
      '//evil.example',
    ]) {
      expect(isAllowedPaymentUrl(evil, partner)).toBe(false);
    }
    expect(isAllowedPaymentUrl('http://pay.example/x', partner)).toBe(false);
    expect(isAllowedPaymentUrl('https://pay.example/x', partner)).toBe(true);
    expect(isAllowedPaymentUrl(null, partner)).toBe(false);
  });
});
