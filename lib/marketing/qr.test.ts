import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import reference from './fixtures/qr-reference.json';
import { encodeQr, renderQrSvg, type QrCode } from './qr';

const rows = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? '#' : '.')).join(''));

/** What a camera reader makes of the code, drawn at `scale` pixels a module inside its quiet zone. */
function scan(code: QrCode, scale = 4): string | undefined {
  const side = (code.size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  code.modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          pixels.fill(0, at, at + 3);
        }
      }
    }),
  );
  return jsQR(pixels, side, side)?.data;
}

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

  it.each([
    'https://example.com/nl/search?adults=2',
    'http://127.0.0.1:3140/de/houses/12?startDate=2030-07-01&endDate=2030-07-08&adults=2&utm_source=nieuwsbrief',
    'Zoekvak · ✓',
  ])('chooses a mask by itself that a reader scans back to the text: %s', (text) => {
    const code = encodeQr(text);
    expect(code.size).toBe(code.version * 4 + 17);
    expect(scan(code)).toBe(text);
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
