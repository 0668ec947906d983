import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/locales';
import { parseSiteContentFile, resolveBrandName, resolveSiteContent, toTelHref, type SiteContentFile } from './schema';

const COMMITTED = path.resolve(__dirname, '../../content/site-content.json');

function parseOk(input: unknown): SiteContentFile {
  const result = parseSiteContentFile(input);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.file;
}

function problemsOf(input: unknown): string[] {
  const result = parseSiteContentFile(input);
  return result.ok ? [] : result.problems;
}

describe('the committed content file', () => {
  const file = parseOk(JSON.parse(readFileSync(COMMITTED, 'utf8')));

  it('passes the schema and is marked as example data, so the contact page says so', () => {
    expect(file.example).toBe(true);
  });

  it.each(LOCALES)('gives %s a company name, an address, a phone, an e-mail and opening hours', (locale) => {
    const { company } = resolveSiteContent(file, locale);
    expect(company.name).not.toBe('');
    expect(company.address.length).toBeGreaterThan(0);
    expect(company.phone).toBeTruthy();
    expect(company.email).toBeTruthy();
    expect(company.openingHours.length).toBeGreaterThan(0);
  });
});

describe('a content file', () => {
  it('needs only the company name; every other field is left out of the pages when absent', () => {
    const content = resolveSiteContent(parseOk({ company: { name: 'Parks Ltd' } }), 'en');
    expect(content).toEqual({
      example: false,
      company: {
        name: 'Parks Ltd',
        address: [],
        phone: undefined,
        email: undefined,
        openingHours: [],
        chamberOfCommerce: undefined,
        vatNumber: undefined,
      },
      cancellationSummary: [],
      notes: { contact: [], help: [], privacy: [], terms: [], cancellation: [], accessibility: [] },
    });
  });

  it('applies a locale’s overrides to that locale only, replacing lists rather than merging them', () => {
    const file = parseOk({
      company: { name: 'Parks Ltd', phone: '+44 20 7946 0000', openingHours: ['Mon–Fri 9–5', 'Sat 10–4'] },
      cancellation: { summary: ['Free cancellation up to 30 days before arrival.'] },
      notes: { privacy: ['Our data protection officer: dpo@example.com.'] },
      locales: {
        de: {
          company: { openingHours: ['Mo–Fr 9–17'] },
          cancellation: { summary: ['Kostenlose Stornierung bis 30 Tage vor Anreise.'] },
        },
      },
    });
    const de = resolveSiteContent(file, 'de');
    const en = resolveSiteContent(file, 'en');
    expect(de.company.openingHours).toEqual(['Mo–Fr 9–17']);
    expect(de.company.phone).toBe('+44 20 7946 0000');
    expect(de.cancellationSummary).toEqual(['Kostenlose Stornierung bis 30 Tage vor Anreise.']);
    expect(de.notes.privacy).toEqual(['Our data protection officer: dpo@example.com.']);
    expect(en.company.openingHours).toEqual(['Mon–Fri 9–5', 'Sat 10–4']);
    expect(en.cancellationSummary).toEqual(['Free cancellation up to 30 days before arrival.']);
  });

  it('is refused with the path of each wrong field', () => {
    const problems = problemsOf({
      company: { name: ' ', email: 'not-an-address', phone: 'n/a' },
      locales: { es: {} },
    });
    expect(problems.some((p) => p.startsWith('company.name:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('company.email:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('company.phone:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('locales:') && p.includes('es'))).toBe(true);
  });

  it('is refused when a field name is misspelt, instead of silently dropping the value', () => {
    expect(problemsOf({ company: { name: 'Parks Ltd', phoneNumber: '+31 20 123 4567' } })).toEqual([
      expect.stringMatching(/^company: .*phoneNumber/),
    ]);
  });

  it('is refused without a company', () => {
    expect(problemsOf({})).toEqual([expect.stringMatching(/^company:/)]);
    expect(problemsOf('just text')).toEqual([expect.stringMatching(/^\(file\):/)]);
  });
});

describe('the brand section', () => {
  const company = { name: 'Sunny Parks B.V.' };

  it('is optional: without it no locale has a name of its own, so the site keeps its messages', () => {
    const file = parseOk({ company });
    for (const locale of LOCALES) expect(resolveBrandName(file, locale)).toBeUndefined();
  });

  it('gives every locale the base name unless the locale overrides it', () => {
    const file = parseOk({
      company,
      brand: {
        name: 'Sunny Parks',
        logo: 'brand/logo.svg',
        icons: { favicon: 'brand/favicon.ico', icon192: 'a.png', icon512: 'b.png', appleTouch: 'c.png' },
        colors: { primary: '#5b2a86', onPrimary: '#fff', accent: '#a3123a' },
      },
      locales: { nl: { brand: { name: 'Zonnige Parken' } } },
    });
    expect(resolveBrandName(file, 'nl')).toBe('Zonnige Parken');
    expect(resolveBrandName(file, 'de')).toBe('Sunny Parks');
  });

  it('takes a logo as a relative path or an https address, and nothing else', () => {
    expect(problemsOf({ company, brand: { logo: 'https://cdn.example.com/logo.png' } })).toEqual([]);
    expect(problemsOf({ company, brand: { logo: 'http://cdn.example.com/logo.png' } })).toEqual([
      'brand.logo: a file path relative to the site-content file, or an https:// address',
    ]);
    expect(problemsOf({ company, brand: { logo: 'javascript:alert(1)' } })).toHaveLength(1);
    expect(problemsOf({ company, brand: { icons: { favicon: 'https://x.example/f.ico' } } })).toEqual([
      'brand.icons.favicon: a file path relative to the site-content file',
    ]);
  });

  it('refuses colours that are not #rgb or #rrggbb, and unknown brand fields, by their path', () => {
    expect(problemsOf({ company, brand: { colors: { primary: 'rebeccapurple', accent: '#12345' } } })).toEqual([
      'brand.colors.primary: a colour as #rgb or #rrggbb',
      'brand.colors.accent: a colour as #rgb or #rrggbb',
    ]);
    expect(problemsOf({ company, brand: { colour: {} } })[0]).toMatch(/^brand: .*colour/);
    expect(problemsOf({ company, locales: { fr: { brand: { logo: 'x.svg' } } } })[0]).toMatch(/^locales\.fr\.brand: .*logo/);
  });
});

describe('toTelHref', () => {
  it('keeps the leading + and the digits only, without the national (0), so every phone can dial the number', () => {
    expect(toTelHref('+31 (0)20-123 45.67')).toBe('tel:+31201234567');
    expect(toTelHref('020 123 4567')).toBe('tel:0201234567');
  });
});
