import { describe, expect, it } from 'vitest';
import { pngHeader as png } from './testing/png';
import { pngSize, sniffImage, svgSize } from './image-type';


describe('telling a picture by its bytes', () => {
  it('knows PNG, WebP and ICO by their magic numbers', () => {
    expect(sniffImage(png(1, 1))).toBe('png');
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(sniffImage(Buffer.from([0, 0, 1, 0, 2, 0, 16, 16]))).toBe('ico');
  });

  it('knows an SVG by its root element, after an XML declaration, comments and a doctype', () => {
    const svg = `\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"/>`;
    expect(sniffImage(Buffer.from(svg))).toBe('svg');
    expect(sniffImage(Buffer.from('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"></svg:svg>'))).toBe('svg');
  });

  it('refuses an HTML page, a text file and an SVG inside another document, whatever their names', () => {
    expect(sniffImage(Buffer.from('<!doctype html><html><body><svg></svg></body></html>'))).toBeNull();
    expect(sniffImage(Buffer.from('just text about a logo.svg'))).toBeNull();
    expect(sniffImage(Buffer.from('<svgx></svgx>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });

  it('reads a PNG’s width and height from its header', () => {
    expect(pngSize(png(192, 180))).toEqual({ width: 192, height: 180 });
    expect(pngSize(Buffer.from('nope'))).toBeNull();
  });

  it('reads an SVG’s proportions from its viewBox, else its plain width and height', () => {
    expect(svgSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64"/>'))).toEqual({ width: 240, height: 64 });
    expect(svgSize(Buffer.from('<svg width="120px" height="40">'))).toEqual({ width: 120, height: 40 });
    expect(svgSize(Buffer.from('<svg width="100%">'))).toBeNull();
  });
});
