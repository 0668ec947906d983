import { describe, expect, it } from 'vitest';
import {
  contrastProblems,
  contrastRatio,
  DEFAULT_BRAND_COLOURS,
  relativeLuminance,
  resolveBrandColours,
} from './colour-contrast';

describe('relative luminance and contrast', () => {
  it('gives black 0 and white 1, and 21:1 between them', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#fff')).toBeCloseTo(21, 5);
  });

  it('linearises sRGB channels as WCAG does (mid grey #777 on white is 4.48:1, just below AA)', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('is the same whichever colour is the text', () => {
    expect(contrastRatio('#1d6b57', '#ffffff')).toBe(contrastRatio('#ffffff', '#1d6b57'));
  });
});

describe('the brand colours', () => {
  it('are the stylesheet’s own when the file gives none, and those pass every check', () => {
    expect(resolveBrandColours()).toEqual(DEFAULT_BRAND_COLOURS);
    expect(contrastProblems(DEFAULT_BRAND_COLOURS)).toEqual([]);
  });

  it('derive the darker and lighter shades from a given primary colour', () => {
    const colours = resolveBrandColours({ primary: '#5b2a86' });
    expect(colours.primary).toBe('#5b2a86');
    expect(relativeLuminance(colours.primaryDark)).toBeLessThan(relativeLuminance('#5b2a86'));
    expect(relativeLuminance(colours.primaryLight)).toBeGreaterThan(0.8);
    expect(contrastProblems(colours)).toEqual([]);
  });

  it('refuses white text on a light primary colour with one line naming both colours and the ratio', () => {
    const problems = contrastProblems(resolveBrandColours({ primary: '#7fd3ff' }));
    const line = problems.find((problem) => problem.startsWith('brand.colors.onPrimary on brand.colors.primary'));
    expect(line).toMatch(/contrast of 1\.\d\d:1 .*at least 4\.5:1/);
  });

  it('refuses an accent too light to read on white, and passes a dark text colour on a light primary', () => {
    expect(contrastProblems(resolveBrandColours({ accent: '#ffb000' }))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^brand\.colors\.accent on white/)]),
    );
    const light = resolveBrandColours({
      primary: '#ffd23f',
      primaryDark: '#7a5c00',
      primaryDarker: '#4d3a00',
      onPrimary: '#1a1a1a',
    });
    expect(contrastProblems(light).filter((problem) => problem.includes('onPrimary on brand.colors.primary:'))).toEqual([]);
  });
});
