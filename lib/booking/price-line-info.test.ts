import { describe, expect, it } from 'vitest';
import { PriceLineDetailSchema } from './overview';
import { formatPriceLineInfo } from './price-line-info';

const NBSP = '\u00a0';

describe('formatPriceLineInfo', () => {
  it('writes the unit price in the page language’s euro format', () => {
    const line = { info: '2 × 4.25', detail: { factors: [2], unitPrice: 4.25 } };
    expect(formatPriceLineInfo(line, 'nl')).toBe(`2 × €${NBSP}4,25`);
    expect(formatPriceLineInfo(line, 'en')).toBe('2 × €4.25');
    expect(formatPriceLineInfo(line, 'de')).toBe(`2 × 4,25${NBSP}€`);
    expect(formatPriceLineInfo(line, 'fr')).toBe(`2 × 4,25${NBSP}€`);
  });

  it('says nothing when the detail only repeats the line amount (one piece at its own price)', () => {
    expect(
      formatPriceLineInfo({ info: '1 × 5.50', detail: { factors: [1], unitPrice: 5.5 }, amount: 5.5 }, 'de'),
    ).toBe('');
    expect(formatPriceLineInfo({ info: '5.50', detail: { unitPrice: 5.5 }, amount: 5.5 }, 'en')).toBe('');
    // A day stays; two pieces, or a price other than the line's, are said.
    expect(
      formatPriceLineInfo(
        { info: '5.50 (2027-01-10)', detail: { unitPrice: 5.5, date: '2027-01-10' }, amount: 5.5 },
        'en',
      ),
    ).toBe('10 Jan 2027');
    expect(
      formatPriceLineInfo({ info: '2 × 5.50', detail: { factors: [2], unitPrice: 5.5 }, amount: 11 }, 'en'),
    ).toBe('2 × €5.50');
    expect(
      formatPriceLineInfo({ info: '1 × 5.50', detail: { factors: [1], unitPrice: 5.5 }, amount: 4.95 }, 'en'),
    ).toBe('1 × €5.50');
  });

  it('writes every factor of a product, large counts grouped the local way', () => {
    const line = { info: '2 × 3 × 1200.00', detail: { factors: [2, 3], unitPrice: 1200 } };
    expect(formatPriceLineInfo(line, 'nl')).toBe(`2 × 3 × €${NBSP}1.200,00`);
    expect(formatPriceLineInfo(line, 'fr')).toBe(`2 × 3 × 1${NBSP}200,00${NBSP}€`);
  });

  it('writes the day as a date in the page language, not as the partner’s ISO text', () => {
    const line = {
      info: '2 × 4.25 (2027-01-10)',
      detail: { factors: [2], unitPrice: 4.25, date: '2027-01-10' },
    };
    const dutch = formatPriceLineInfo(line, 'nl');
    expect(dutch).toBe(`2 × €${NBSP}4,25 (10 jan 2027)`);
    expect(dutch).not.toContain('2027-01-10');
    expect(formatPriceLineInfo({ info: '(2027-01-10)', detail: { date: '2027-01-10' } }, 'de')).toBe(
      '10.01.2027',
    );
    expect(formatPriceLineInfo({ info: '(2027-01-10)', detail: { date: '2027-01-10' } }, 'en')).toBe(
      '10 Jan 2027',
    );
  });

  it('writes a percentage the local way', () => {
    const line = { info: '-10%', detail: { percent: -10 } };
    expect(formatPriceLineInfo(line, 'nl')).toBe('-10%');
    expect(formatPriceLineInfo(line, 'fr')).toBe(`-10${NBSP}%`);
    expect(formatPriceLineInfo(line, 'de')).toBe(`-10${NBSP}%`);
  });

  it('shows the partner’s text as it came when it could not be read', () => {
    expect(formatPriceLineInfo({ info: '2 nachten' }, 'fr')).toBe('2 nachten');
    expect(formatPriceLineInfo({}, 'fr')).toBe('');
  });

  it('keeps every amount on one line: no breakable space inside a figure', () => {
    const product = { info: '1234 × 1234.50', detail: { factors: [1234], unitPrice: 1234.5 } };
    const percent = { info: '-12.5%', detail: { percent: -12.5 } };
    for (const locale of ['nl', 'en', 'de', 'fr'] as const) {
      const figures = formatPriceLineInfo(product, locale).split(' × ');
      expect(figures).toHaveLength(2);
      for (const figure of figures) expect(figure).not.toMatch(/[ \u2009]/);
      expect(formatPriceLineInfo(percent, locale)).not.toMatch(/[ \u2009]/);
    }
  });
});

describe('PriceLineDetailSchema', () => {
  it('keeps a detail and refuses a day that does not exist', () => {
    const detail = { factors: [2, 3], unitPrice: 4.25, date: '2027-01-10' };
    expect(PriceLineDetailSchema.parse(detail)).toEqual(detail);
    expect(PriceLineDetailSchema.safeParse({ date: '2027-02-30' }).success).toBe(false);
  });
});
