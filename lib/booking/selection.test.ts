import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { bookingPath, housePath, parseSelection, parseStep, type FlowSelection } from './selection-params';

/** The booking flow's URL: every step addressable, the selection surviving reload and back/forward. */

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
          expect(sel.preferenceIds.length).toBeLessThanOrEqual(20);
          expect(sel.services.length).toBeLessThanOrEqual(30);
          expect(sel.services.every((s) => s.quantity >= 1 && s.quantity <= 20)).toBe(true);
          expect(STEPS_OK.includes(parseStep(raw.step))).toBe(true);
        },
      ),
    );
  });
});

const STEPS_OK: string[] = ['preferences', 'services', 'guest', 'overview'];
