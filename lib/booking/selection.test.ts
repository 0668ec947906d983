import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, getToday } from './dates';
import { getFirstArrival, getLastBookableArrival } from './deep-link';
import { DEFAULT_PARTY } from './party';
import { BookingSelectionSchema, IdParamSchema } from './selection-schema';
import {
  MAX_PIECES,
  MAX_PREFERENCES,
  MAX_SERVICES,
  STEPS,
  bookingPath,
  checkServices,
  housePath,
  parseId,
  parseSelection,
  parseStep,
  type FlowSelection,
} from './selection';
import type { Service } from './types';

const criteria = { startDate: '2027-01-08', endDate: '2027-01-11', party: { ...DEFAULT_PARTY, pets: 1 } };

describe('selection in the URL', () => {
  it('writes and reads back the step, unit, preferences, services and cancellation fund', () => {
    const sel: FlowSelection = {
      unitId: 10005,
      preferenceIds: [302, 307],
      services: [
        { id: 201, quantity: 2 },
        { id: 207, quantity: 1, date: '2027-01-09' },
      ],
      cancellationFund: true,
    };
    const path = bookingPath('nl', 1001, criteria, sel, 'services');
    expect(path).toBe(
      '/nl/book/1001?startDate=2027-01-08&endDate=2027-01-11&pets=1&step=services&unit=10005&prefs=302,307&svc=201x2,207x1@2027-01-09&cf=1',
    );
    const params = new URL(path, 'http://x').searchParams;
    expect(parseStep(params.get('step') ?? undefined)).toBe('services');
    expect(parseSelection(params)).toEqual(sel);
  });

  it('leaves the first step and an empty selection out of the address', () => {
    expect(
      bookingPath(
        'en',
        7,
        criteria,
        { preferenceIds: [], services: [], cancellationFund: false },
        'preferences',
      ),
    ).toBe('/en/book/7?startDate=2027-01-08&endDate=2027-01-11&pets=1');
    expect(housePath('en', 7, criteria)).toBe('/en/houses/7?startDate=2027-01-08&endDate=2027-01-11&pets=1');
  });

  it('drops what it cannot read instead of failing', () => {
    expect(parseStep('payment')).toBe('preferences');
    expect(
      parseSelection({ unit: '0', prefs: '1,x,1,2', svc: '5x0,6x2@2027-02-30,7x3,7x4,abc', cf: 'yes' }),
    ).toEqual({
      preferenceIds: [1, 2],
      services: [
        { id: 6, quantity: 2 },
        { id: 7, quantity: 3 },
      ],
      cancellationFund: false,
    });
  });

  it('never throws and keeps its limits on arbitrary input (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('unit', 'prefs', 'svc', 'cf', 'step'), fc.string()),
        (raw) => {
          const sel = parseSelection(raw);
          expect(sel.preferenceIds.length).toBeLessThanOrEqual(MAX_PREFERENCES);
          expect(sel.services.length).toBeLessThanOrEqual(MAX_SERVICES);
          expect(sel.services.every((s) => s.quantity >= 1 && s.quantity <= MAX_PIECES)).toBe(true);
          expect(STEPS).toContain(parseStep(raw.step));
        },
      ),
    );
  });

  it('reads back any selection it wrote (property)', () => {
    const ids = fc.integer({ min: 1, max: 2_147_483_647 });
    fc.assert(
      fc.property(
        fc.option(ids, { nil: undefined }),
        fc.uniqueArray(ids, { maxLength: MAX_PREFERENCES }),
        fc.uniqueArray(fc.record({ id: ids, quantity: fc.integer({ min: 1, max: MAX_PIECES }) }), {
          maxLength: MAX_SERVICES,
          selector: (s) => s.id,
        }),
        fc.boolean(),
        (unitId, preferenceIds, services, cancellationFund) => {
          const sel: FlowSelection = { preferenceIds, services, cancellationFund };
          if (unitId !== undefined) sel.unitId = unitId;
          const params = new URL(bookingPath('nl', 1, criteria, sel, 'guest'), 'http://x').searchParams;
          expect(parseSelection(params)).toEqual(sel);
        },
      ),
    );
  });
});

describe('ids in addresses', () => {
  it('accepts plain decimal digits up to the largest 32-bit id', () => {
    expect(parseId('1001')).toBe(1001);
    expect(parseId('2147483647')).toBe(2_147_483_647);
    expect(IdParamSchema.safeParse('7').data).toBe(7);
  });

  it('refuses signs, exponents, spaces, leading zeros, other digits and overflow', () => {
    for (const text of [
      '0',
      '007',
      '-5',
      '+5',
      '1e3',
      '0x1F',
      ' 12',
      '12 ',
      '１２',
      '1.0',
      '',
      '2147483648',
      '99999999999',
    ])
      expect(parseId(text)).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(IdParamSchema.safeParse('1e3').error?.issues[0]?.message).toBe('invalid_id');
  });
});

describe('the selection in a request body', () => {
  const start = addDays(getToday(), 30);
  const body = {
    houseId: 1001,
    startDate: start,
    endDate: addDays(start, 3),
    party: { ...DEFAULT_PARTY },
  };

  it('fills in the defaults and counts a repeated preference once', () => {
    expect(BookingSelectionSchema.parse({ ...body, preferenceIds: [302, 302, 301] })).toEqual({
      ...body,
      preferenceIds: [302, 301],
      services: [],
      cancellationFund: false,
    });
  });

  it('refuses unknown keys, a service named twice and a stay that is backwards, too long or past', () => {
    const issues = (input: object) =>
      BookingSelectionSchema.safeParse(input).error?.issues.map((i) => i.message ?? i.code) ?? [];
    expect(BookingSelectionSchema.safeParse({ ...body, price: 1 }).success).toBe(false);
    expect(
      issues({
        ...body,
        services: [
          { id: 5, quantity: 1 },
          { id: 5, quantity: 2 },
        ],
      }),
    ).toContain('duplicate_service');
    expect(issues({ ...body, endDate: body.startDate })).toContain('end_before_start');
    expect(issues({ ...body, endDate: addDays(start, 60) })).toContain('stay_too_long');
    expect(issues({ ...body, startDate: addDays(getToday(), -1) })).toContain('start_in_past');
    // The last day before the first arrival (the parks' today, bar the hour after their midnight).
    const lastRefused = addDays(getFirstArrival(getToday()), -1);
    expect(issues({ ...body, startDate: lastRefused, endDate: addDays(lastRefused, 2) })).toContain(
      'start_in_past',
    );
  });

  it('refuses an arrival beyond the booking horizon, as the search does, and takes the last bookable one', () => {
    const last = getLastBookableArrival(getToday());
    const issues = (startDate: string) =>
      BookingSelectionSchema.safeParse({
        ...body,
        startDate,
        endDate: addDays(startDate, 3),
      }).error?.issues.map((i) => i.message) ?? [];
    expect(issues(addDays(last, 1))).toEqual(['beyond_booking_horizon']);
    expect(issues('2099-01-02')).toEqual(['beyond_booking_horizon']);
    expect(issues(last)).toEqual([]);
  });
});

const svc = (id: number, costType: string, hasDatePicker = false): Service => ({
  id,
  name: `S${id}`,
  cost: 5,
  costType,
  hasDatePicker,
});
const offered = [svc(201, 'PER_PIECE'), svc(205, 'PER_PERSON_PER_NIGHT'), svc(207, 'PER_STAY', true)];

describe('checkServices', () => {
  const stay = { startDate: '2027-01-08', endDate: '2027-01-11' };

  it('accepts pieces, single services and a date within the stay', () => {
    expect(
      checkServices(
        [
          { id: 201, quantity: 3 },
          { id: 205, quantity: 1 },
          { id: 207, quantity: 1, date: '2027-01-10' },
        ],
        offered,
        stay,
      ),
    ).toEqual([]);
  });

  it('refuses unknown services, quantities on non-piece services and dates outside the nights', () => {
    expect(checkServices([{ id: 999, quantity: 1 }], offered, stay)).toEqual(['unknown_service']);
    expect(checkServices([{ id: 205, quantity: 2 }], offered, stay)).toEqual(['invalid_quantity']);
    expect(checkServices([{ id: 207, quantity: 1, date: '2027-01-11' }], offered, stay)).toEqual([
      'date_outside_stay',
    ]);
    expect(checkServices([{ id: 207, quantity: 1, date: '2027-01-07' }], offered, stay)).toEqual([
      'date_outside_stay',
    ]);
    expect(checkServices([{ id: 207, quantity: 1 }], offered, stay)).toEqual(['date_required']);
    expect(checkServices([{ id: 201, quantity: 1, date: '2027-01-09' }], offered, stay)).toEqual([
      'date_outside_stay',
    ]);
  });
});
