import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngHeader as png } from './testing/png';
import { checkBrand } from './brand-check';
import { brandConfigurationProblems } from './load';

let dir: string;


beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'brand-check-'));
  writeFileSync(path.join(dir, 'logo.svg'), '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'page.png'), '<!doctype html><title>not a picture</title>');
  writeFileSync(path.join(dir, 'icon-192.png'), png(192));
  writeFileSync(path.join(dir, 'icon-100.png'), png(100));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the brand files', () => {
  it('accepts an SVG logo and a 192-pixel PNG icon, with an address hash from their bytes', () => {
    const checked = checkBrand({ brand: { logo: 'logo.svg', icons: { icon192: 'icon-192.png' } } }, dir);
    expect(checked.problems).toEqual([]);
    expect(checked.assets.logo?.contentType).toBe('image/svg+xml');
    expect(checked.assets.icon192?.hash).toMatch(/^[\w-]{16}$/);
  });

  it('refuses a logo that is not an image by its bytes, though its name ends in .png', () => {
    const checked = checkBrand({ brand: { logo: 'page.png' } }, dir);
    expect(checked.problems).toEqual(['brand.logo: page.png is not an image; it must be SVG, PNG, WEBP']);
    expect(checked.assets.logo).toBeUndefined();
  });

  it('refuses an icon of the wrong size or kind, and a file that is not there, one line each', () => {
    const checked = checkBrand(
      { brand: { icons: { icon512: 'icon-100.png', appleTouch: 'logo.svg', favicon: 'missing.ico' } } },
      dir,
    );
    expect(checked.problems).toEqual([
      'brand.icons.favicon: cannot read missing.ico (ENOENT)',
      'brand.icons.icon512: icon-100.png measures 100×100; it must be 512×512 pixels',
      'brand.icons.appleTouch: logo.svg is a SVG image; it must be PNG',
    ]);
  });

  it('takes an https logo as an address without reading it', () => {
    const checked = checkBrand({ brand: { logo: 'https://cdn.example.com/logo.svg' } }, dir);
    expect(checked).toMatchObject({ problems: [], logoUrl: 'https://cdn.example.com/logo.svg' });
  });

  it('has a fingerprint that changes with a name, a colour or a file’s bytes', () => {
    const base = checkBrand({ brand: { logo: 'logo.svg' } }, dir).fingerprint;
    expect(checkBrand({ brand: { logo: 'logo.svg' } }, dir).fingerprint).toBe(base);
    expect(checkBrand({ brand: { logo: 'logo.svg', name: 'Other' } }, dir).fingerprint).not.toBe(base);
    expect(checkBrand({ brand: { logo: 'logo.svg', colors: { primary: '#5b2a86' } } }, dir).fingerprint).not.toBe(base);
    expect(
      checkBrand({ brand: { logo: 'logo.svg' } }, dir, () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>'))
        .fingerprint,
    ).not.toBe(base);
  });
});

describe('the start-up check of the brand', () => {
  const write = (name: string, content: unknown) => {
    writeFileSync(path.join(dir, name), JSON.stringify(content));
    return path.join(dir, name);
  };
  const company = { name: 'Sunny Parks B.V.' };

  it('has nothing to say about the committed content or a file without a brand', () => {
    expect(brandConfigurationProblems({})).toEqual([]);
    expect(brandConfigurationProblems({ SITE_CONTENT_FILE: write('plain.json', { company }) })).toEqual([]);
  });

  it('names the variable and the field of each problem: a failing contrast and a logo that is no image', () => {
    const file = write('bad.json', { company, brand: { logo: 'page.png', colors: { primary: '#9fe0ff' } } });
    const problems = brandConfigurationProblems({ SITE_CONTENT_FILE: file });
    expect(problems[0]).toBe('SITE_CONTENT_FILE brand.logo: page.png is not an image; it must be SVG, PNG, WEBP');
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SITE_CONTENT_FILE brand\.colors\.onPrimary on brand\.colors\.primary has a contrast of/)]),
    );
  });

  it('reports a brand field the schema refuses, and leaves other content problems to the pages', () => {
    const file = write('schema.json', { company, brand: { colors: { primary: 'green' } }, notes: { privacy: [''] } });
    expect(brandConfigurationProblems({ SITE_CONTENT_FILE: file })).toEqual([
      'SITE_CONTENT_FILE brand.colors.primary: a colour as #rgb or #rrggbb',
    ]);
  });
});
