import { splitCalendarDate, type CalendarDate } from './dates';

/**
 * A minimal iCalendar (RFC 5545) writer for one all-day event: the stay a guest booked, to add
 * to their own calendar. A stay is a pair of calendar days at the park, not instants, so the
 * event uses DATE values (no time, no time zone): every calendar shows the park's arrival and
 * departure days whatever zone the guest's device is in. DTEND is exclusive in iCalendar, which
 * is exactly the departure day of a night-based stay.
 */

export interface CalendarEvent {
  /** Stable for one booking, so importing the file twice updates the event instead of doubling it. */
  uid: string;
  /** When the file is made (or the booking was made): DTSTAMP, written in UTC. */
  stamp: Date;
  start: CalendarDate;
  end: CalendarDate;
  summary: string;
  description?: string;
  location?: string;
}

export interface CalendarOptions {
  /** The PRODID: who made the file, e.g. "-//Example Holidays//Booking//EN". */
  productId: string;
}

const CRLF = '\r\n';
/** Longest content line in octets, the line break excluded. */
const MAX_LINE_OCTETS = 75;

/**
 * TEXT value escaping: backslash, semicolon and comma are escaped, a line break becomes `\n`.
 * Other control characters may not appear in a TEXT value and are dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (ch) => `\\${ch}`)
    .replace(/\n/g, '\\n')
    .split('')
    .filter((ch) => !isControl(ch.charCodeAt(0)))
    .join('');
}

function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

/**
 * Folds a content line into lines of at most 75 octets of UTF-8, each continuation starting
 * with one space. A character is never split: a multi-byte character moves to the next line whole.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // Continuation lines begin with a space, which counts towards their 75 octets.
  let limit = MAX_LINE_OCTETS;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A calendar date as an iCalendar DATE value: `20270305`. Throws on anything else. */
export function toDateValue(date: CalendarDate): string {
  const parts = splitCalendarDate(date);
  if (!parts) throw new RangeError(`not a calendar date: ${date}`);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(parts.year, 4)}${pad(parts.month, 2)}${pad(parts.day, 2)}`;
}

/** An instant as an iCalendar UTC DATE-TIME value: `20270305T081500Z`. */
export function toUtcDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** The whole file: a VCALENDAR with the one VEVENT, CRLF line endings, lines folded. */
export function writeCalendar(event: CalendarEvent, options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${toUtcDateTime(event.stamp)}`,
    `DTSTART;VALUE=DATE:${toDateValue(event.start)}`,
    `DTEND;VALUE=DATE:${toDateValue(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    // A holiday does not make the guest "busy" in calendars that share free/busy time.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
