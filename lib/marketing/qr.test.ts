import { describe, expect, it } from 'vitest';
import reference from './fixtures/qr-reference.json';
import { encodeQr, renderQrSvg } from './qr';

const rows = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''));

describe('encodeQr', () => {
  it.each(reference.codes)('draws the same modules as a reference encoder (version $version, mask $mask)', (code) => {
    const ours = encodeQr(code.text, { mask: code.mask });
    expect(ours.version).toBe(code.version);
    expect(rows(ours.modules)).toEqual(code.rows);
  });

  it('chooses the smallest version that holds the text, growing with its length', () => {
    expect(encodeQr('https://example.com').version).toBe(2);
    expect(encodeQr('x'.repeat(14)).version).toBe(1);
    expect(encodeQr('x'.repeat(15)).version).toBe(2);
    expect(encodeQr('x'.repeat(2331)).version).toBe(40);
    expect(() => encodeQr('x'.repeat(2332))).toThrow(RangeError);
  });

  it('chooses a mask by itself when none is forced', () => {
    const code = encodeQr('https://example.com/nl/search?adults=2');
    expect(code.mask).toBeGreaterThanOrEqual(0);
    expect(code.mask).toBeLessThanOrEqual(7);
    expect(code.size).toBe(code.version * 4 + 17);
  });
});

describe('renderQrSvg', () => {
  it('draws one unit square per dark module inside a four-module quiet zone', () => {
    const code = encodeQr('https://example.com', { mask: 2 });
    const svg = renderQrSvg(code, 'Link & <code>');
    const dark = code.modules.flat().filter(Boolean).length;
    expect(svg.match(/h1v1h-1z/g)?.length).toBe(dark);
    expect(svg).toContain(`viewBox="0 0 ${code.size + 8} ${code.size + 8}"`);
    expect(svg).toContain('<title>Link &amp; &lt;code&gt;</title>');
    expect(svg).not.toMatch(/M[0-3] /);
  });
});
