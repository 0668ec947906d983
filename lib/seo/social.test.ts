import { describe, expect, it } from 'vitest';
import { buildPageMetadata, buildSocialMetadata, joinParts, summarizeText, toAbsoluteUrl } from './social';

const LANGUAGES = { nl: '/nl/parken/1', en: '/en/parks/1', de: '/de/parks/1', fr: '/fr/parks/1' };
const BASE = {
  siteUrl: 'https://vakantie.example',
  siteName: 'Holiday houses',
  locale: 'en',
  languages: LANGUAGES,
  title: 'Duinpark',
  description: 'Houses in the dunes.',
};

describe('toAbsoluteUrl', () => {
  it('reads a site path against SITE_URL, with or without its trailing slash', () => {
    expect(toAbsoluteUrl('/en/parks/1', 'https://vakantie.example')).toBe('https://vakantie.example/en/parks/1');
    expect(toAbsoluteUrl('/en/parks/1', 'https://vakantie.example/')).toBe('https://vakantie.example/en/parks/1');
  });

  it('keeps a partner picture that is already absolute', () => {
    expect(toAbsoluteUrl('https://img.partner.example/a.jpg', 'https://vakantie.example')).toBe(
      'https://img.partner.example/a.jpg',
    );
  });

  it('refuses what a preview could not load or must not run', () => {
    expect(toAbsoluteUrl('javascript:alert(1)', 'https://vakantie.example')).toBeNull();
    expect(toAbsoluteUrl('data:image/png;base64,AAAA', 'https://vakantie.example')).toBeNull();
    expect(toAbsoluteUrl('/x', 'not a url')).toBeNull();
  });
});

describe('summarizeText', () => {
  it('leaves a short text as it is, with its whitespace collapsed', () => {
    expect(summarizeText('  A house\n\nin the   dunes ')).toBe('A house in the dunes');
  });

  it('cuts a long text at a word boundary within the limit and marks the cut', () => {
    const text = 'word '.repeat(60);
    const summary = summarizeText(text, 40);
    expect(summary.length).toBeLessThanOrEqual(40);
    expect(summary.endsWith('word…')).toBe(true);
  });
});

describe('joinParts', () => {
  it('leaves out missing and empty parts', () => {
    expect(joinParts(['Duinpark', undefined, '', false, '2 adults'])).toBe('Duinpark · 2 adults');
    expect(joinParts([null, ' '])).toBe('');
  });
});

describe('buildSocialMetadata', () => {
  it('gives a large card, the absolute page URL, the picture and the other three languages', () => {
    const meta = buildSocialMetadata({ ...BASE, image: { url: 'https://img.example/p.jpg', alt: 'Duinpark', width: 800 } });
    expect(meta.openGraph).toEqual({
      type: 'website',
      siteName: 'Holiday houses',
      title: 'Duinpark',
      description: 'Houses in the dunes.',
      url: 'https://vakantie.example/en/parks/1',
      locale: 'en_GB',
      alternateLocale: ['nl_NL', 'de_DE', 'fr_FR'],
      images: [{ url: 'https://img.example/p.jpg', alt: 'Duinpark', width: 800 }],
    });
    expect(meta.twitter).toEqual({
      card: 'summary_large_image',
      title: 'Duinpark',
      description: 'Houses in the dunes.',
      images: [{ url: 'https://img.example/p.jpg', alt: 'Duinpark' }],
    });
  });

  it('falls back to the small card without a usable picture', () => {
    const meta = buildSocialMetadata({ ...BASE, image: { url: 'javascript:void(0)', alt: 'x' } });
    expect(meta.twitter).toMatchObject({ card: 'summary' });
    expect(meta.openGraph).not.toHaveProperty('images');
  });

  it('names the page language in the Open Graph form for each locale', () => {
    const meta = buildSocialMetadata({ ...BASE, locale: 'nl' });
    expect(meta.openGraph).toMatchObject({ locale: 'nl_NL', url: 'https://vakantie.example/nl/parken/1' });
  });
});

describe('buildPageMetadata', () => {
  it('sets the canonical address, the language versions and a description short enough for a preview', () => {
    const meta = buildPageMetadata({ ...BASE, description: 'long '.repeat(100) });
    expect(meta.alternates).toEqual({
      canonical: '/en/parks/1',
      languages: { ...LANGUAGES, 'x-default': '/nl/parken/1' },
    });
    expect(String(meta.description).length).toBeLessThanOrEqual(160);
    expect(meta.openGraph?.description).toBe(meta.description);
    expect(meta.title).toBe('Duinpark');
  });

  it('names a fallback version for searchers whose language the site does not speak: the default language, or a page of its own', () => {
    expect(buildPageMetadata(BASE).alternates?.languages).toMatchObject({ 'x-default': '/nl/parken/1' });
    expect(buildPageMetadata({ ...BASE, fallbackPath: '/' }).alternates?.languages).toMatchObject({ 'x-default': '/' });
  });

  it('keeps an absolute title free of the layout template', () => {
    expect(buildPageMetadata({ ...BASE, absoluteTitle: true }).title).toEqual({ absolute: 'Duinpark' });
  });

  it('names canonical, language and shared addresses without click ids or campaign tags, keeping the search', () => {
    const tagged = (path: string) => `${path}?adults=2&utm_source=news&gclid=Cj0K&cid=p42`;
    const meta = buildPageMetadata({
      ...BASE,
      languages: Object.fromEntries(Object.entries(LANGUAGES).map(([locale, path]) => [locale, tagged(path)])),
    });
    expect(meta.alternates?.canonical).toBe('/en/parks/1?adults=2');
    expect(meta.alternates?.languages).toMatchObject({ nl: '/nl/parken/1?adults=2', 'x-default': '/nl/parken/1?adults=2' });
    expect(meta.openGraph?.url).toBe('https://vakantie.example/en/parks/1?adults=2');
    expect(JSON.stringify(meta)).not.toMatch(/utm_|gclid|cid=/);
  });
});
