import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, countNights, isCalendarDate } from './dates';
import {
  getFirstArrival,
  getRenderDay,
  getLastBookableArrival,
  isArrivalTooSoon,
  CRITERIA_ISSUE_CODES,
  MAX_STAY_NIGHTS,
  getParty,
  parseCriteria,
  serializeCriteria,
  type CriteriaIssue,
  type SearchCriteria,
} from './deep-link';
import { DEFAULT_PARTY, countPersons, isPartyWithinLimits } from './party';

const TODAY = '2026-07-01';
const parse = (query: string, houseTypeIds?: number[]) =>
  parseCriteria(new URLSearchParams(query), { today: TODAY, houseTypeIds });

describe('parseCriteria: absent and valid parameters', () => {
  it('gives the partner defaults for an empty link', () => {
    expect(parse('')).toEqual({
      criteria: { ...DEFAULT_PARTY },
      issues: [],
      explicit: { dates: false, party: false },
    });
  });

  it('reads a complete link', () => {
    const result = parse(
      'startDate=2026-07-10&endDate=2026-07-17&adults=3&child0002=1&child0304=2&child0512=3&child1317=4&pets=2&type=7',
    );
    expect(result).toEqual({
      criteria: {
        startDate: '2026-07-10',
        endDate: '2026-07-17',
        adults: 3,
        child0002: 1,
        child0304: 2,
        child0512: 3,
        child1317: 4,
        pets: 2,
        type: 7,
      },
      issues: [],
      explicit: { dates: true, party: true },
    });
  });

  it('accepts a stay starting tomorrow and the longest stay', () => {
    expect(parse('startDate=2026-07-02&endDate=2026-07-30').issues).toEqual([]);
  });

  it('corrects an arrival today as it does one in the past: the partner takes arrivals from tomorrow on', () => {
    expect(parse('startDate=2026-07-01&endDate=2026-07-03').issues).toEqual([
      { param: 'startDate', code: 'start_in_past' },
    ]);
    expect(parse('startDate=2026-07-01&endDate=2026-07-03').explicit.dates).toBe(false);
  });

  it('treats empty values (an untouched GET form field) as absent', () => {
    expect(parse('startDate=&endDate=&adults=&type=')).toEqual(parse(''));
  });

  it('ignores parameters it does not know (utm_source, gclid)', () => {
    expect(parse('utm_source=mail&gclid=x&adults=4').issues).toEqual([]);
  });

  it('reads a Next.js searchParams record, arrays included', () => {
    const result = parseCriteria(
      { startDate: '2026-07-10', endDate: ['2026-07-12'], adults: ['4', '5'], pets: undefined },
      { today: TODAY },
    );
    expect(result.criteria).toMatchObject({ startDate: '2026-07-10', endDate: '2026-07-12', adults: 4 });
    expect(result.issues).toEqual([{ param: 'adults', code: 'repeated_param' }]);
  });

  it('ignores values that are not strings in a record from parsed JSON', () => {
    const record = { adults: 5, pets: [null, '1'], startDate: { x: 1 } } as unknown as Record<string, string>;
    expect(parseCriteria(record, { today: TODAY })).toEqual({
      criteria: { ...DEFAULT_PARTY, pets: 1 },
      issues: [],
      explicit: { dates: false, party: true },
    });
  });

  it('checks type against the known house types when given', () => {
    expect(parse('type=3', [1, 2, 3]).criteria.type).toBe(3);
    expect(parse('type=4', [1, 2, 3])).toMatchObject({ issues: [{ param: 'type', code: 'unknown_type' }] });
  });
});

describe('parseCriteria: corrections', () => {
  it.each<[string, Partial<SearchCriteria>, CriteriaIssue[]]>([
    ['adults=abc', { adults: 2 }, [{ param: 'adults', code: 'invalid_number' }]],
    ['adults=2.5', { adults: 2 }, [{ param: 'adults', code: 'invalid_number' }]],
    ['adults=1e1', { adults: 2 }, [{ param: 'adults', code: 'invalid_number' }]],
    ['adults=0x3', { adults: 2 }, [{ param: 'adults', code: 'invalid_number' }]],
    ['adults=%EF%BC%93', { adults: 2 }, [{ param: 'adults', code: 'invalid_number' }]], // full-width 3
    ['adults=0', { adults: 1 }, [{ param: 'adults', code: 'adults_out_of_range' }]],
    ['adults=-3', { adults: 1 }, [{ param: 'adults', code: 'adults_out_of_range' }]],
    ['adults=21', { adults: 20 }, [{ param: 'adults', code: 'adults_out_of_range' }]],
    ['adults=99999999999999999999999', { adults: 20 }, [{ param: 'adults', code: 'adults_out_of_range' }]],
    ['child0512=11', { child0512: 10 }, [{ param: 'child0512', code: 'children_out_of_range' }]],
    ['child0002=-1', { child0002: 0 }, [{ param: 'child0002', code: 'children_out_of_range' }]],
    ['pets=5', { pets: 4 }, [{ param: 'pets', code: 'pets_out_of_range' }]],
    ['pets=-1', { pets: 0 }, [{ param: 'pets', code: 'pets_out_of_range' }]],
    ['pets=1.0', { pets: 0 }, [{ param: 'pets', code: 'invalid_number' }]],
    ['adults=+4', { adults: 4 }, []], // "+" in a query is a space
    ['adults=04', { adults: 4 }, []],
    ['adults=3&adults=5', { adults: 3 }, [{ param: 'adults', code: 'repeated_param' }]],
    ['adults=3&adults=3', { adults: 3 }, []],
    ['type=abc', {}, [{ param: 'type', code: 'unknown_type' }]],
    ['type=0', {}, [{ param: 'type', code: 'unknown_type' }]],
    ['type=-2', {}, [{ param: 'type', code: 'unknown_type' }]],
    ['type=99999999999', {}, [{ param: 'type', code: 'unknown_type' }]],
  ])('%s', (query, expected, issues) => {
    const result = parse(query);
    expect(result.criteria).toMatchObject(expected);
    expect(result.issues).toEqual(issues);
    expect(result.criteria.type).toBe(expected.type);
  });

  it('takes children away, oldest group first, above 20 persons', () => {
    const result = parse('adults=16&child0002=2&child0512=3&child1317=2');
    expect(result.criteria).toMatchObject({ adults: 16, child0002: 2, child0512: 2, child1317: 0 });
    expect(countPersons(result.criteria)).toBe(20);
    expect(result.issues).toEqual([{ param: 'child1317', code: 'too_many_persons' }]);
  });

  it.each<[string, CriteriaIssue[]]>([
    ['startDate=2026-02-30&endDate=2026-07-10', [{ param: 'startDate', code: 'invalid_date' }]],
    ['startDate=2026-07-10&endDate=10-07-2026', [{ param: 'endDate', code: 'invalid_date' }]],
    ['startDate=2026-07-10T00:00:00Z&endDate=2026-07-12', [{ param: 'startDate', code: 'invalid_date' }]],
    ['startDate=2026-07-10', [{ param: 'endDate', code: 'dates_incomplete' }]],
    ['endDate=2026-07-10', [{ param: 'startDate', code: 'dates_incomplete' }]],
    ['startDate=2026-06-30&endDate=2026-07-03', [{ param: 'startDate', code: 'start_in_past' }]],
    ['startDate=2026-07-10&endDate=2026-07-10', [{ param: 'endDate', code: 'end_before_start' }]],
    ['startDate=2026-07-10&endDate=2026-07-05', [{ param: 'endDate', code: 'end_before_start' }]],
    [
      'startDate=2026-07-10&startDate=2026-07-11&endDate=2026-07-12',
      [{ param: 'startDate', code: 'repeated_param' }],
    ],
    [
      'startDate=yesterday&endDate=never',
      [
        { param: 'startDate', code: 'invalid_date' },
        { param: 'endDate', code: 'invalid_date' },
      ],
    ],
  ])('drops the dates of %s', (query, issues) => {
    const result = parse(query);
    expect(result.issues).toEqual(issues);
    if (issues[0]?.code === 'repeated_param') return; // the first value is kept
    expect(result.criteria.startDate).toBeUndefined();
    expect(result.criteria.endDate).toBeUndefined();
    expect(result.explicit.dates).toBe(false);
  });

  it("takes arrivals from the partner's tomorrow, which is the parks' today for the first hour after their midnight", () => {
    // 23:30 UTC on 26 November is 00:30 on the 27th in Amsterdam: the partner, on the 26th, takes the 27th.
    expect(getFirstArrival('2026-11-27', new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
    expect(isArrivalTooSoon('2026-11-27', '2026-11-27', new Date('2026-11-26T23:30:00Z'))).toBe(false);
    expect(getFirstArrival('2026-11-27', new Date('2026-11-27T00:30:00Z'))).toBe('2026-11-28');
    expect(isArrivalTooSoon('2026-11-27', '2026-11-27', new Date('2026-11-27T12:00:00Z'))).toBe(true);
    expect(isArrivalTooSoon('2026-11-28', '2026-11-27', new Date('2026-11-27T12:00:00Z'))).toBe(false);
  });

  it("gives pages rendered in the hour the partner still takes the parks' today a day of their own", () => {
    const inTheHour = getRenderDay(new Date('2026-11-26T23:30:00Z'));
    const after = getRenderDay(new Date('2026-11-27T00:30:00Z'));
    expect(after).toBe('2026-11-27');
    expect(inTheHour).not.toBe(after);
    expect(inTheHour.startsWith('2026-11-27')).toBe(true);
    expect(getRenderDay(new Date('2026-11-27T22:30:00Z'))).toBe(after);
  });

  describe('a stay further ahead than bookings are taken', () => {
    // 2026-07-01 + 548 days = 2027-12-31, a Friday.
    const LAST = getLastBookableArrival(TODAY);

    it("counts the horizon from the partner's day (UTC), which is a day behind the parks' for the first hour after their midnight", () => {
      // 23:30 UTC on 26 November is 00:30 on the 27th in Amsterdam; the partner still counts from the 26th.
      expect(getLastBookableArrival('2026-11-27', new Date('2026-11-26T23:30:00Z'))).toBe('2028-05-27');
      expect(getLastBookableArrival('2026-11-27', new Date('2026-11-27T00:30:00Z'))).toBe('2028-05-28');
      expect(getLastBookableArrival('2026-11-26', new Date('2026-11-26T12:00:00Z'))).toBe('2028-05-27');
    });

    it('takes arrivals up to about 18 months ahead, the last day included', () => {
      expect(LAST).toBe('2027-12-31');
      const last = parse(`startDate=${LAST}&endDate=2028-01-03`);
      expect(last.issues).toEqual([]);
      expect(last.criteria).toMatchObject({ startDate: LAST, endDate: '2028-01-03' });
    });

    it('drops the dates with a note naming the last bookable arrival', () => {
      const result = parse('startDate=2028-07-07&endDate=2028-07-10&adults=3');
      expect(result.criteria.startDate).toBeUndefined();
      expect(result.explicit.dates).toBe(false);
      expect(result.issues).toHaveLength(1);
      expect(result.issues[0]).toMatchObject({
        param: 'startDate',
        code: 'beyond_booking_horizon',
        lastArrival: LAST,
      });
    });

    it('offers the latest bookable stay on the same weekday, as long, for the same party', () => {
      // 2028-07-07 is a Friday, three nights: the latest such stay arrives Friday 2027-12-31.
      const [issue] = parse('startDate=2028-07-07&endDate=2028-07-10&adults=3&pets=1').issues;
      expect(issue?.latest).toEqual({
        ...DEFAULT_PARTY,
        adults: 3,
        pets: 1,
        startDate: LAST,
        endDate: '2028-01-03',
      });
      // A Monday a year and a half ahead: the latest Monday on or before the last arrival.
      const [monday] = parse('startDate=2028-06-05&endDate=2028-06-12').issues;
      expect(monday?.latest).toMatchObject({ startDate: '2027-12-27', endDate: '2028-01-03' });
      expect(parse(serializeCriteria(monday!.latest!).toString()).issues).toEqual([]);
    });

    it('offers a stay no longer than a link may ask for', () => {
      const [issue] = parse('startDate=2029-01-05&endDate=2029-03-05').issues;
      expect(issue?.latest && countNights(issue.latest.startDate!, issue.latest.endDate!)).toBe(
        MAX_STAY_NIGHTS,
      );
    });

    it('follows a shorter horizon when the caller knows one', () => {
      const result = parseCriteria(new URLSearchParams('startDate=2026-09-04&endDate=2026-09-06'), {
        today: TODAY,
        lastArrival: '2026-08-31',
      });
      expect(result.issues[0]).toMatchObject({ code: 'beyond_booking_horizon', lastArrival: '2026-08-31' });
      expect(result.issues[0]?.latest).toMatchObject({ startDate: '2026-08-28', endDate: '2026-08-30' });
    });
  });

  it('shortens a stay longer than four weeks, keeping the arrival', () => {
    const result = parse('startDate=2026-07-10&endDate=2026-09-10');
    expect(result.criteria).toMatchObject({ startDate: '2026-07-10', endDate: '2026-08-07' });
    expect(result.issues).toEqual([{ param: 'endDate', code: 'stay_too_long' }]);
  });

  it('reports issues in parameter order, with codes from the published list', () => {
    const result = parse('type=x&pets=9&adults=0&endDate=2026-07-01&startDate=2026-07-05');
    expect(result.issues.map((i) => i.param)).toEqual(['endDate', 'adults', 'pets', 'type']);
    for (const issue of result.issues) expect(CRITERIA_ISSUE_CODES).toContain(issue.code);
  });

  it('marks the party explicit when the link names it, even when corrected', () => {
    expect(parse('adults=0').explicit).toEqual({ dates: false, party: true });
    expect(parse('pets=1').explicit.party).toBe(true);
  });

  it('uses the real today when given none or an invalid one', () => {
    expect(parseCriteria(new URLSearchParams('startDate=2000-01-01&endDate=2000-01-02')).issues).toEqual([
      { param: 'startDate', code: 'start_in_past' },
    ]);
    expect(parseCriteria({}, { today: 'nonsense' }).issues).toEqual([]);
  });

  it('never throws and always yields bookable criteria', () => {
    const names = fc.constantFrom(
      'startDate',
      'endDate',
      'adults',
      'child0002',
      'child0304',
      'child0512',
      'child1317',
      'pets',
      'type',
      'x',
    );
    const value = fc.oneof(
      fc.string(),
      fc.integer({ min: -50, max: 50 }).map(String),
      fc.integer({ min: -30, max: 60 }).map((d) => addDays(TODAY, d)),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(names, value), { maxLength: 14 }), (pairs) => {
        const { criteria, issues } = parseCriteria(new URLSearchParams(pairs), { today: TODAY });
        expect(isPartyWithinLimits(getParty(criteria))).toBe(true);
        expect(criteria.startDate === undefined).toBe(criteria.endDate === undefined);
        if (criteria.startDate !== undefined && criteria.endDate !== undefined) {
          expect(isCalendarDate(criteria.startDate) && isCalendarDate(criteria.endDate)).toBe(true);
          expect(countNights(TODAY, criteria.startDate)).toBeGreaterThanOrEqual(0);
          const nights = countNights(criteria.startDate, criteria.endDate);
          expect(nights >= 1 && nights <= MAX_STAY_NIGHTS).toBe(true);
        }
        for (const issue of issues) expect(CRITERIA_ISSUE_CODES).toContain(issue.code);
      }),
    );
  });
});
