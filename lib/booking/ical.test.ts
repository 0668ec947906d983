import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, toDateValue, toUtcDateTime, writeCalendar } from './ical';

const octets = (s: string) => new TextEncoder().encode(s).length;

/** Undoes folding as a calendar reader does: a CRLF followed by one space joins the lines. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, and writes line breaks as \\n', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('drops control characters a TEXT value may not hold, keeping letters of any script', () => {
    expect(escapeText('Ø\u0007ster\u001fgaard — Zeeuwse Kust')).toBe('Østergaard — Zeeuwse Kust');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets as it is', () => {
    const line = 'X'.repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines into lines of at most 75 octets that unfold to the original', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('counts octets, not characters, and never splits a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}🏡${'ü'.repeat(30)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A split character would decode to the replacement character.
      expect(new TextDecoder().decode(new TextEncoder().encode(part))).not.toContain('\uFFFD');
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe('date values', () => {
  it('writes a calendar date as a DATE value without separators', () => {
    expect(toDateValue('2027-03-05')).toBe('20270305');
  });

  it('refuses what is not a real calendar date', () => {
    expect(() => toDateValue('2027-02-30')).toThrow(RangeError);
    expect(() => toDateValue('2027-03-05T00:00:00Z')).toThrow(RangeError);
  });

  it('writes an instant as a UTC DATE-TIME value', () => {
    expect(toUtcDateTime(new Date('2027-03-05T08:15:09.123Z'))).toBe('20270305T081509Z');
  });
});

describe('writeCalendar', () => {
  const file = writeCalendar(
    {
      uid: 'b7f1@example.test',
      stamp: new Date('2026-11-01T12:00:00Z'),
      start: '2027-03-05',
      end: '2027-03-08',
      summary: 'Villa Duinzicht, Park Zeeland',
      location: 'Park Zeeland',
      description: 'Reservation code: RES-77; keep it.',
    },
    { productId: '-//Example//Booking//EN' },
  );
  const lines = unfold(file).split('\r\n');

  it('uses CRLF line endings only, ending with one', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('wraps one event in a VCALENDAR with version, product id, uid and stamp', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('PRODID:-//Example//Booking//EN');
    expect(lines).toContain('UID:b7f1@example.test');
    expect(lines).toContain('DTSTAMP:20261101T120000Z');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('gives arrival and departure as all-day DATE values, the departure day exclusive', () => {
    expect(lines).toContain('DTSTART;VALUE=DATE:20270305');
    expect(lines).toContain('DTEND;VALUE=DATE:20270308');
  });

  it('escapes the texts it writes', () => {
    expect(lines).toContain('SUMMARY:Villa Duinzicht\\, Park Zeeland');
    expect(lines).toContain('DESCRIPTION:Reservation code: RES-77\\; keep it.');
  });

  it('leaves out a location it was not given', () => {
    const bare = writeCalendar(
      { uid: 'u', stamp: new Date(0), start: '2027-03-05', end: '2027-03-08', summary: 'Stay' },
      { productId: '-//Example//Booking//EN' },
    );
    expect(bare).not.toContain('LOCATION');
    expect(bare).not.toContain('DESCRIPTION');
  });
});
