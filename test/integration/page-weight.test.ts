import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_CAPTURE_CODE } from '../../lib/attribution/campaign-inline';
import { scriptsLoadedAfterPaint } from '../../server/page-store/scripts-after-paint';
import { rawRequest } from './production-site';
import { hasProductionBuild, setUpSandboxedSite } from './suite-fixtures';
import { isoDay } from './helpers';

/**
 * What the browsing pages of the production build make a phone download and run: the scripts a
 * page loads are read from the build and searched for the code of libraries that page has no use
 * for. Each library is recognised by a string its code carries whatever the minifier renames.
 */

const hasBuild = hasProductionBuild('page-weight');

const BUILD = path.resolve(__dirname, '../..', process.env.NEXT_DIST_DIR || '.next');

/**
 * The text of every script a page runs in a modern browser (not the `nomodule` fallback): the ones
 * its tags load and the ones its loader adds after the first paint.
 */
function loadedScripts(html: string): Map<string, string> {
  const scripts = new Map<string, string>();
  const sources = scriptsLoadedAfterPaint(html);
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    const src = /\ssrc="(\/_next\/static\/[^"]+\.js)"/.exec(attributes)?.[1];
    if (src && !/\snomodule/i.test(attributes)) sources.push(src);
  }
  for (const src of sources) {
    if (!src.startsWith('/_next/static/')) continue;
    scripts.set(src, readFileSync(path.join(BUILD, src.slice('/_next/'.length)), 'utf8'));
  }
  return scripts;
}

/** The scripts a page loads ahead for a part rendered from its own script (`<link rel=preload>`). */
function preloadedScripts(html: string): Map<string, string> {
  const scripts = new Map<string, string>();
  for (const match of html.matchAll(/<link\b([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    const href = /\shref="(\/_next\/static\/[^"]+\.js)"/.exec(attributes)?.[1];
    if (!href || !/\srel="preload"/.test(attributes) || !/\sas="script"/.test(attributes)) continue;
    scripts.set(href, readFileSync(path.join(BUILD, href.slice('/_next/'.length)), 'utf8'));
  }
  return scripts;
}

/** The scripts of `scripts` whose code contains `signature`. */
function carrying(scripts: Map<string, string>, signature: string): string[] {
  return [...scripts].filter(([, code]) => code.includes(signature)).map(([src]) => src);
}

/** Next.js's own polyfills for browsers older than the site supports. */
const LEGACY_POLYFILL = '"trimStart"in String.prototype';
/** zod (about 110 KB), the schema library the booking steps use. */
const ZOD = 'ZodError';
/** react-hook-form, which only the guest form uses. */
const REACT_HOOK_FORM = 'shouldUnregister';
/** zod's own error messages in Dutch, one of the sixty-odd languages it can be told to speak. */
const ZOD_TRANSLATIONS = 'Ongeldige invoer';
/** The ICU message parser and formatter: messages are compiled when the site is built instead. */
const MESSAGE_PARSER = 'Intl.PluralRules is not available';
/** react-query, which only the house page's price panel and the booking steps use. */
const REACT_QUERY = 'No QueryClient set';

describe.skipIf(!hasBuild)('scripts of the browsing pages in the production build', () => {
  const { site } = setUpSandboxedSite();
  const pages: Record<string, Map<string, string>> = {};
  let bookingStep: Map<string, string>;
  let guestStep: Map<string, string>;
  let searchHtml = '';
  const bodies: Record<string, string> = {};

  beforeAll(async () => {
    const stay = `startDate=${isoDay(60)}&endDate=${isoDay(63)}&adults=2`;
    const search = await rawRequest(site.port, `/en/search?${stay}`);
    const houseId = /href="\/en\/houses\/(\d+)/.exec(search.body)?.[1];
    expect(houseId, 'a house in the search results').toBeDefined();
    for (const [name, target] of [
      ['home', '/en'],
      ['search', `/en/search?${stay}`],
      ['house', `/en/houses/${houseId}?${stay}`],
    ] as const) {
      const res = await rawRequest(site.port, target);
      expect(res.status, target).toBe(200);
      pages[name] = loadedScripts(res.body);
      bodies[name] = res.body;
      if (name === 'search') searchHtml = res.body;
    }
    const booking = await rawRequest(site.port, `/en/book/${houseId}?${stay}`);
    expect(booking.status, 'the booking step').toBe(200);
    bookingStep = loadedScripts(booking.body);
    const guest = await rawRequest(site.port, `/en/book/${houseId}?${stay}&step=guest`);
    expect(guest.status, 'the guest step').toBe(200);
    guestStep = new Map([...loadedScripts(guest.body), ...preloadedScripts(guest.body)]);
  }, 120_000);

  it('home, search and house pages fetch no script before their first paint: one loader in the head adds them after it', () => {
    for (const [name, html] of Object.entries(bodies)) {
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, name).not.toMatch(/<script src="[^"]+" async=""|<link rel="preload" as="script"/);
      expect(scriptsLoadedAfterPaint(html).length, name).toBeGreaterThan(3);
      // The landing link's campaign tags are kept first, as the page is read.
      const loader = html.indexOf(`<script>${CAMPAIGN_CAPTURE_CODE};(function(d,p,c)`);
      expect(loader, name).toBeGreaterThan(0);
      expect(loader, name).toBeLessThan(html.indexOf('rel="stylesheet"'));
    }
  });

  it('loads no schema library and no form library on home, search and house pages', () => {
    for (const [name, scripts] of Object.entries(pages)) {
      expect(carrying(scripts, ZOD), name).toEqual([]);
      expect(carrying(scripts, REACT_HOOK_FORM), name).toEqual([]);
    }
  });

  it('sends the words every result card says once in the search page’s serialized tree, not once per card', () => {
    // Each card's HTML says them; the tree React hydrates the cards from is the page's largest
    // part, and carries the cards' shared words as one object.
    const occurrences = (text: string) => searchHtml.split(text).length - 1;
    const cards = occurrences('<article class="card">');
    const priced = occurrences('<p class="stay-price-amounts">');
    expect(cards).toBeGreaterThan(1);
    expect(priced).toBeGreaterThan(1);
    expect(occurrences('View house →')).toBe(cards + 1);
    expect(occurrences('Including mandatory costs')).toBe(priced + 1);
  });

  it('loads no data-fetching library on home and search pages', () => {
    expect(carrying(pages.home!, REACT_QUERY)).toEqual([]);
    expect(carrying(pages.search!, REACT_QUERY)).toEqual([]);
  });

  it('loads no message parser on any browsing page: their messages arrive compiled', () => {
    for (const [name, scripts] of Object.entries(pages)) {
      expect(carrying(scripts, MESSAGE_PARSER), name).toEqual([]);
    }
  });

  it('the first booking step loads neither the schema library nor the form library: the later steps bring them', () => {
    expect(carrying(bookingStep, ZOD)).toEqual([]);
    expect(carrying(bookingStep, REACT_HOOK_FORM)).toEqual([]);
    expect(carrying(guestStep, ZOD).length).toBeGreaterThan(0);
    expect(carrying(guestStep, REACT_HOOK_FORM).length).toBeGreaterThan(0);
  });

  it("a booking step loads none of zod's translations of its own messages", () => {
    expect(carrying(guestStep, ZOD_TRANSLATIONS)).toEqual([]);
    expect(carrying(bookingStep, ZOD_TRANSLATIONS)).toEqual([]);
  });

  it('loads no legacy polyfills on any browsing page', () => {
    for (const [name, scripts] of Object.entries(pages)) {
      expect(scripts.size, name).toBeGreaterThan(0);
      expect(carrying(scripts, LEGACY_POLYFILL), name).toEqual([]);
    }
  });

  it('marks every script a page runs at start to be compiled while it downloads, and not the scripts later steps bring', () => {
    // Chromium compiles a script whose first line is this comment on a background thread as it
    // arrives, instead of function by function in the task that brings the page to life.
    const hint = '//# allFunctionsCalledOnLoad\n';
    for (const [name, scripts] of [...Object.entries(pages), ['booking step', bookingStep] as const]) {
      expect(scripts.size, name).toBeGreaterThan(0);
      for (const [src, code] of scripts) expect(code.startsWith(hint), `${name}: ${src}`).toBe(true);
    }
    // The guest form's script (its form library) is fetched once the guest goes on: no page
    // starts with it, and most of it may never run.
    const later = carrying(guestStep, REACT_HOOK_FORM).filter((src) => !bookingStep.has(src));
    expect(later.length).toBeGreaterThan(0);
    for (const src of later) expect(guestStep.get(src)!.startsWith(hint), src).toBe(false);
  });

  it('serves every script of a page brotli-compressed from memory, the build file byte for byte, kept for a year', async () => {
    const scripts = [...pages.search!.keys()];
    expect(scripts.length).toBeGreaterThan(0);
    // The brotli forms are made in the background once the server starts; gzip serves until then.
    const deadline = Date.now() + 60_000;
    for (const src of scripts) {
      for (;;) {
        const res = await fetch(`${site.url}${src}`, { headers: { 'accept-encoding': 'br' } });
        expect(res.status, src).toBe(200);
        expect(res.headers.get('cache-control'), src).toBe('public, max-age=31536000, immutable');
        const body = await res.text();
        expect(body, src).toBe(pages.search!.get(src));
        // A file under a kilobyte goes as it is: compressing it saves less than its headers.
        if (res.headers.get('content-encoding') === 'br' || Buffer.byteLength(body) < 1024) break;
        expect(Date.now(), `${src} still not brotli-compressed`).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }, 90_000);
});
