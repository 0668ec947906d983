import { describe, expect, it } from 'vitest';
import en from '../../messages/en/booking.json';
import nl from '../../messages/nl/booking.json';
import deCommon from '../../messages/de/common.json';
import nlCommon from '../../messages/nl/common.json';
import frCommon from '../../messages/fr/common.json';
import enParks from '../../messages/en/parks.json';
import deBooking from '../../messages/de/booking.json';
import { rawRequest, renderedHeading } from './production-site';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';
import { isoDay } from './helpers';

/**
 * The booking page's answers outside the flow itself, from the production build: an address
 * naming no house is a real 404 (crawlers and monitors see what the guest reads), and the
 * site's icon is served where every browser asks for it. Addresses that match no page at all
 * are answered here too: a localized page in the HTML itself, or problem+json under /api.
 */

const hasBuild = hasProductionBuild('booking-pages');

describe.skipIf(!hasBuild)('booking pages of the production build', () => {
  const { site } = setUpSandboxedSite();

  it('answers a house id the partner does not know with 404 and the not-found page', async () => {
    const res = await rawRequest(
      site.port,
      `/en/book/999998?startDate=${isoDay(60)}&endDate=${isoDay(63)}&adults=2`,
    );
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The localized not-found page is in the answer (Next.js sends it in the page's data, which
    // the browser renders; the browser tests check the heading a guest sees).
    expect(res.body).toMatch(renderedHeading(en.booking.states.notFoundTitle));
  });

  it('answers a malformed house id with 404 and the localized not-found page', async () => {
    const res = await rawRequest(
      site.port,
      `/nl/book/not-a-house?startDate=${isoDay(60)}&endDate=${isoDay(63)}`,
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatch(renderedHeading(nl.booking.states.notFoundTitle));
  });

  it.each([
    ['an unknown house', '/nl/houses/999998', nlCommon.notFound.house.title],
    ['a malformed house id', '/fr/houses/abc', frCommon.notFound.house.title],
    ['an unknown park', '/en/parks/999', enParks.parks.notFound.title],
    [
      'a booking of an unknown house',
      `/de/book/999998?startDate=${isoDay(60)}&endDate=${isoDay(63)}`,
      deBooking.booking.states.notFoundTitle,
    ],
    // Without dates too: the partner's list of active houses tells, without a call of its own.
    [
      'a booking of an unknown house without dates',
      '/de/book/999998?adults=2',
      deBooking.booking.states.notFoundTitle,
    ],
  ])(
    'answers %s with a 404 whose HTML itself is the localized not-found page in the site shell, never stored',
    async (_, path, title) => {
      const locale = path.slice(1, 3);
      for (let n = 0; n < 2; n++) {
        const res = await rawRequest(site.port, path);
        expect(res.status).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-page-cache']).not.toBe('hit');
        const html = res.body.replace(/<script[\s\S]*?<\/script>/g, '');
        expect(html).toContain(`<html lang="${locale}"`);
        expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
        // The booking page names no house in its title (it reads none before the page).
        if (!path.includes('/book/')) expect(html).toContain(`<title>${title}`);
        expect(html).toMatch(/<meta name="robots" content="noindex/);
        expect(html).toMatch(/<header[\s>]/);
        expect(html).toMatch(/<footer[\s>]/);
      }
    },
  );

  it('serves /favicon.ico as an icon file with 16 and 32 pixel images', async () => {
    const res = await fetch(`${site.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then the number of images and one 16-byte entry each.
    expect(bytes.readUInt16LE(0)).toBe(0);
    expect(bytes.readUInt16LE(2)).toBe(1);
    const count = bytes.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => bytes[6 + 16 * i] || 256);
    expect(sizes).toEqual(expect.arrayContaining([16, 32]));
    for (let i = 0; i < count; i++) {
      const size = bytes.readUInt32LE(6 + 16 * i + 8);
      const offset = bytes.readUInt32LE(6 + 16 * i + 12);
      expect(offset + size).toBeLessThanOrEqual(bytes.length);
    }
  });

  it('answers an address that matches no page with a 404 whose HTML itself is the localized page in the site shell', async () => {
    const res = await rawRequest(site.port, '/de/keine-solche-seite');
    expect(res.status).toBe(404);
    const html = res.body.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(html).toContain('<html lang="de"');
    expect(html).toContain(`<title>${deCommon.notFound.page.title}`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${deCommon.notFound.page.title}</h1>`));
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
  });

  it('answers an API address that names no endpoint with a problem+json 404', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${site.url}/api/no-such-endpoint`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('links the icon from every page head', async () => {
    const res = await rawRequest(site.port, '/en');
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<link[^>]*rel="icon"[^>]*href="\/favicon\.ico/);
  });
});
