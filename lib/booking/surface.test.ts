import { describe, expect, it } from 'vitest';
import { parseSurfaceM2 } from './surface';

describe('parseSurfaceM2', () => {
  it.each<[string, number]>([
    ['85 m²', 85],
    ['85m²', 85],
    ['85m2', 85],
    ['85 M2', 85],
    ['85', 85],
    ['  85 m² ', 85],
    ['85\u00a0m²', 85],
    ['85,5 m²', 85.5],
    ['85.5 m²', 85.5],
    ['1.234 m²', 1234],
    ['1,234 m²', 1234],
    ['1 234 m²', 1234],
    ['1\u202f234 m²', 1234],
    ['1.234,5 m²', 1234.5],
    ['1,234.5 m²', 1234.5],
    ['ca. 85 m²', 85],
    ['± 85 m2', 85],
    ['85 sqm', 85],
    ['85 qm', 85],
    ['85 m^2', 85],
    ['85 square metres', 85],
    ['85 vierkante meter', 85],
    ['85 Quadratmeter', 85],
    ['85 mètres carrés', 85],
  ])('reads %j as %d square metres', (text, expected) => {
    expect(parseSurfaceM2(text)).toBe(expected);
  });

  it.each<[string | null | undefined]>([
    [null],
    [undefined],
    [''],
    ['m²'],
    ['unknown'],
    ['0 m²'],
    ['80-90 m²'],
    ['2 x 40 m²'],
    ['85 ft²'],
    ['85 sq ft'],
    ['85 m² with terrace'],
    ['1.234.5 m²'],
    ['1,234,5 m²'],
    ['-85 m²'],
    ['8 5 m²'],
  ])('finds no surface in %j rather than guess one', (text) => {
    expect(parseSurfaceM2(text)).toBeNull();
  });
});
