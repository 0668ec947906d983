import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashContentSecurityPolicy } from '@/lib/security-headers';
import {
  BOOKING_COOKIE_NAMES,
  hasBookingSession,
  inlineScriptHashes,
  isShareablePageRequest,
  isShareablePath,
  nonceAttributes,
  pageKey,
} from './shareable';

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

describe('inline script hashes', () => {
  it('hashes each inline script text as the browser does, once each, in order', () => {
    const html =
      '<html><head><script>self.a=1</script></head><body><script id="_R_">self.b="é"</script>' +
      '<script>self.a=1</script></body></html>';
    expect(inlineScriptHashes(html)).toEqual([sha256('self.a=1'), sha256('self.b="é"')]);
  });

  it('leaves out scripts loaded from a file and data blocks that never run', () => {
    const html =
      '<script src="/_next/static/chunks/a.js" async=""></script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><script type="module">go()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('go()')]);
  });

  it('hashes line breaks as LF, as the HTML parser hands them to the script', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc()</script>')).toEqual([sha256('a()\nb()\nc()')]);
  });

  it('hashes a page handed over as its bytes exactly as its text, whatever characters it holds', () => {
    const html =
      '<html lang="fr"><body><p>Ça coûte 12 €</p><script>self.t="Août — 𝄞 ü"\r\n</script>' +
      '<script type="application/ld+json">{"name":"Été"}</script><script>self.a=1</script></body></html>';
    const fromBytes = inlineScriptHashes(Buffer.from(html, 'utf8'));
    expect(fromBytes).toEqual(inlineScriptHashes(html));
    expect(fromBytes).toEqual([sha256('self.t="Août — 𝄞 ü"\n'), sha256('self.a=1')]);
  });

  it('builds a policy of the hashes with no nonce, no unsafe-inline and no strict-dynamic', () => {
    const csp = hashContentSecurityPolicy([sha256('x')], false);
    expect(csp).toContain(`script-src 'self' '${sha256('x')}'`);
    expect(csp).not.toMatch(/nonce-|strict-dynamic|unsafe-eval/);
    expect(/script-src[^;]*/.exec(csp)?.[0]).not.toContain('unsafe-inline');
  });

  it('finds the nonce attributes of a page', () => {
    expect(nonceAttributes('<script nonce="abc">x</script><link nonce="d">')).toEqual(['abc', 'd']);
  });
});

describe('which requests may share a page', () => {
  it('shares home, search and house pages in every locale, nothing of the booking flow', () => {
    for (const path of ['/en', '/nl/search', '/de/houses/1001', '/fr/houses/abc'])
      expect(isShareablePath(path), path).toBe(true);
    for (const path of [
      '/',
      '/en/book/1001',
      '/en/booking/thank-you',
      '/en/partners/report',
      '/en/houses',
      '/en/houses/1/x',
      '/xx/search',
      '/api/search',
      '/en/search/',
    ])
      expect(isShareablePath(path), path).toBe(false);
  });

  it('never answers a client-side navigation, prefetch or action with a page', () => {
    const get = (target: string, headers: Record<string, string> = {}) =>
      isShareablePageRequest('GET', target, headers);
    expect(get('/en/search?adults=2')).toBe(true);
    expect(isShareablePageRequest('HEAD', '/en', {})).toBe(true);
    expect(isShareablePageRequest('POST', '/en/search', {})).toBe(false);
    expect(get('/en/search?adults=2', { rsc: '1' })).toBe(false);
    expect(get('/en/search', { 'next-router-prefetch': '1' })).toBe(false);
    expect(get('/en/search', { 'next-router-state-tree': '%5B%5D' })).toBe(false);
    expect(get('/en/search?adults=2&_rsc=abc')).toBe(false);
    // The same cache-buster however the query spells it, as URLSearchParams (and Next.js) read it.
    for (const query of ['_RSC=1&_rsc', '%5Frsc=abc', '_%72sc=abc', '_%72%73%63=abc', 'a=1&%5frsc'])
      expect(get(`/en/search?${query}`), query).toBe(false);
    expect(get('/en/search?q=50%25&adults=2'), 'an escape that names no _rsc').toBe(true);
    expect(get('/en/search?adults=2&rsc=1'), 'rsc without the underscore is another parameter').toBe(true);
  });

  it('recognises the booking session cookie under both its names, and only it', () => {
    expect(hasBookingSession('booking=sealed')).toBe(true);
    expect(hasBookingSession('theme=dark; __Host-booking=sealed')).toBe(true);
    expect(hasBookingSession('bookings=1; my-booking=2')).toBe(false);
    expect(hasBookingSession(undefined)).toBe(false);
  });
});

describe('the key a stored page is found by', () => {
  const today = '2027-04-01';

  it('is one key for addresses that differ only in click ids, campaign tags or unknown parameters', () => {
    const landing = '/en/search?startDate=2027-05-01&endDate=2027-05-04&adults=2';
    const key = pageKey(landing, today);
    for (const extra of [
      'gclid=Cj0KCQ',
      'fbclid=IwAR0',
      'utm_source=news&utm_medium=email&cid=p42',
      'foo=1',
      '',
    ])
      expect(pageKey(`${landing}&${extra}`, today), extra).toBe(key);
    expect(pageKey('/en/houses/1001?gclid=a', today)).toBe(pageKey('/en/houses/1001?fbclid=b', today));
    expect(pageKey('/en/houses/1001?gclid=a', today)).toBe(pageKey('/en/houses/1001', today));
    expect(pageKey('/api/search?adults=2&gclid=a&locale=en', today)).toBe(
      pageKey('/api/search?adults=2&locale=en&_gl=b', today),
    );
  });

  it('changes with a parameter the page reads, its spelling and the day', () => {
    const key = pageKey('/en/search?adults=2&gclid=a', today);
    expect(pageKey('/en/search?adults=3&gclid=a', today)).not.toBe(key);
    expect(pageKey('/en/search?adults=2&sort=price-desc', today)).not.toBe(key);
    expect(pageKey('/en/search?%61dults=2', today)).not.toBe(key);
    expect(pageKey('/en/search?adults=2', '2027-04-02')).not.toBe(key);
    expect(pageKey('/en/houses/1001?adults=2', today)).not.toBe(pageKey('/en/houses/1001?adults=4', today));
  });
});

describe('the booking cookie names', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.each(['http://localhost:3000', 'https://booking.example'])(
    'include the name the session uses on %s',
    async (siteUrl) => {
      vi.resetModules();
      vi.stubEnv('SITE_URL', siteUrl);
      const { cookieName } = await import('@/lib/session/booking-session');
      expect(BOOKING_COOKIE_NAMES).toContain(cookieName());
    },
  );
});
