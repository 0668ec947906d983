import { describe, expect, it } from 'vitest';
import { createKeyExpiryWarning, daysUntil, KEY_EXPIRY_WARNING_DAYS } from './key-expiry';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A warning on a clock the test moves, with the lines it logged. */
function setup(expires: string | undefined, start: string) {
  let now = Date.parse(start);
  const lines: Array<{ level: 'warn' | 'error'; fields: Record<string, unknown>; message: string }> = [];
  const warning = createKeyExpiryWarning({
    expires,
    now: () => now,
    logger: () => ({
      warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
      error: (fields, message) => lines.push({ level: 'error', fields, message }),
    }),
  });
  return {
    lines,
    check: () => warning.check(),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the key-expiry warning', () => {
  it('counts whole days to the start of the expiry date', () => {
    expect(daysUntil('2030-01-15', Date.parse('2030-01-01T00:00:00Z'))).toBe(14);
    expect(daysUntil('2030-01-15', Date.parse('2030-01-01T23:59:00Z'))).toBe(13);
    expect(daysUntil('2030-01-15', Date.parse('2030-01-15T08:00:00Z'))).toBe(-1);
  });

  it('stays silent more than 14 days ahead, and without an expiry date', () => {
    const early = setup('2030-01-16', '2030-01-01T09:00:00Z');
    early.check();
    expect(early.lines).toEqual([]);
    const none = setup(undefined, '2030-01-01T09:00:00Z');
    none.check();
    expect(none.lines).toEqual([]);
  });

  it('starts warning the moment fewer than 14 whole days are left, even on a day already checked', () => {
    const key = setup('2030-01-15', '2030-01-01T00:00:00Z');
    key.check();
    expect(key.lines).toEqual([]);
    key.advance(60_000);
    key.check();
    expect(key.lines.map((l) => l.fields.daysLeft)).toEqual([KEY_EXPIRY_WARNING_DAYS - 1]);
  });

  it('warns once a day from 14 days before, however often it is checked', () => {
    const key = setup('2030-01-15', '2030-01-01T09:00:00Z');
    for (let i = 0; i < 100; i += 1) key.check();
    expect(key.lines).toHaveLength(1);
    expect(key.lines[0]).toMatchObject({
      level: 'warn',
      fields: { event: 'partner.key_expiry', keyExpires: '2030-01-15', daysLeft: 13 },
    });
    key.advance(14 * HOUR); // 23:00, same day
    key.check();
    expect(key.lines).toHaveLength(1);
    key.advance(2 * HOUR); // 01:00 the next day
    key.check();
    key.check();
    expect(key.lines).toHaveLength(2);
    expect(key.lines[1]?.fields.daysLeft).toBe(12);
  });

  it('warns every day up to the expiry, then logs an error each day after it', () => {
    const key = setup('2030-01-15', '2030-01-01T09:00:00Z');
    for (let day = 0; day < 16; day += 1) {
      key.check();
      key.advance(DAY);
    }
    expect(key.lines.map((l) => l.fields.daysLeft)).toEqual([
      13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2,
    ]);
    expect(key.lines.filter((l) => l.level === 'error').map((l) => l.fields.daysLeft)).toEqual([-1, -2]);
  });
});
