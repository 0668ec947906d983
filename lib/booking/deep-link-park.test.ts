import { describe, expect, it } from 'vitest';
import { CRITERIA_ISSUE_CODES, parseCriteria, serializeCriteria } from './deep-link';
import { DEFAULT_PARTY } from './party';

const TODAY = '2026-07-01';
const parse = (query: string, parkIds?: number[]) =>
  parseCriteria(new URLSearchParams(query), { today: TODAY, ...(parkIds ? { parkIds } : {}) });

describe('parseCriteria: the park filter', () => {
  it('keeps a park the park data describes, with no note', () => {
    expect(parse('park=2', [1, 2])).toEqual({
      criteria: { ...DEFAULT_PARTY, park: 2 },
      issues: [],
      explicit: { dates: false, party: false },
    });
  });

  it('keeps a well-formed park id when the park data is not at hand (the partner busy)', () => {
    expect(parse('park=7').criteria.park).toBe(7);
    expect(parse('park=7').issues).toEqual([]);
  });

  it('drops a park the park data does not describe and says so with unknown_park', () => {
    const result = parse('park=9&adults=3', [1, 2]);
    expect(result.criteria).toEqual({ ...DEFAULT_PARTY, adults: 3 });
    expect(result.issues).toEqual([{ param: 'park', code: 'unknown_park' }]);
  });

  it('drops every park when the park data describes none', () => {
    expect(parse('park=1', []).issues).toEqual([{ param: 'park', code: 'unknown_park' }]);
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999', '2x'])('drops the malformed park id %j as unknown_park', (raw) => {
    const result = parse(`park=${encodeURIComponent(raw)}`);
    expect(result.criteria.park).toBeUndefined();
    expect(result.issues).toEqual([{ param: 'park', code: 'unknown_park' }]);
  });

  it('reads an empty park field (a GET form\'s "all parks") as no filter, without a note', () => {
    expect(parse('park=&type=')).toEqual({
      criteria: { ...DEFAULT_PARTY },
      issues: [],
      explicit: { dates: false, party: false },
    });
  });

  it('notes a repeated park once and keeps the first value', () => {
    const result = parse('park=1&park=2', [1, 2]);
    expect(result.criteria.park).toBe(1);
    expect(result.issues).toEqual([{ param: 'park', code: 'repeated_param' }]);
  });

  it('lists the park note after the notes of the earlier parameters', () => {
    const codes = parse('park=x&type=y&adults=0').issues.map((issue) => issue.param);
    expect(codes).toEqual(['adults', 'type', 'park']);
  });

  it('reports unknown_park as one of the documented correction codes', () => {
    expect(CRITERIA_ISSUE_CODES).toContain('unknown_park');
  });

  it('carries the park into the way forward offered for a stay beyond the booking horizon', () => {
    const result = parse('startDate=2030-01-05&endDate=2030-01-08&park=2', [2]);
    const latest = result.issues.find((issue) => issue.code === 'beyond_booking_horizon')?.latest;
    expect(latest?.park).toBe(2);
  });
});

describe('serializeCriteria: the park filter', () => {
  it('writes the park after the house type', () => {
    expect(serializeCriteria({ ...DEFAULT_PARTY, type: 3, park: 2 }).toString()).toBe('type=3&park=2');
  });

  it('round-trips a park through a link', () => {
    const link = serializeCriteria({ ...DEFAULT_PARTY, adults: 4, park: 5 });
    expect(parseCriteria(link, { today: TODAY, parkIds: [5] }).criteria).toEqual({ ...DEFAULT_PARTY, adults: 4, park: 5 });
  });
});
