import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdListSchema, ServiceListSchema } from './selection-schema';
import {
  MAX_PIECES,
  MAX_PREFERENCES,
  MAX_SERVICES,
  parseSelection,
  writeSelection,
  type ServicePick,
} from './selection';

const ids = (count: number, from = 1) => Array.from({ length: count }, (_, i) => from + i);

describe('a selection in the price API query', () => {
  it('reads every service list the flow writes into its addresses, as the flow reads it back', () => {
    const pick = fc.record(
      {
        id: fc.integer({ min: 1, max: 2_147_483_647 }),
        quantity: fc.integer({ min: 1, max: MAX_PIECES }),
        date: fc.constantFrom('2027-07-03', '2028-02-29'),
      },
      { requiredKeys: ['id', 'quantity'] },
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(pick, { minLength: 1, maxLength: MAX_SERVICES, selector: (p) => p.id }),
        (services: ServicePick[]) => {
          const params = writeSelection(new URLSearchParams(), {
            preferenceIds: [],
            services,
            cancellationFund: false,
          });
          const text = params.get('svc')!;
          expect(ServiceListSchema.parse(text)).toEqual(parseSelection(params).services);
        },
      ),
    );
  });

  it('refuses the service lists the flow would trim: more pieces, more services or larger ids than a selection may hold', () => {
    expect(ServiceListSchema.safeParse(`201x${MAX_PIECES}`).success).toBe(true);
    expect(ServiceListSchema.safeParse(`201x${MAX_PIECES + 1}`).success).toBe(false);
    expect(
      ServiceListSchema.safeParse(
        ids(MAX_SERVICES)
          .map((id) => `${id}x1`)
          .join(','),
      ).success,
    ).toBe(true);
    expect(
      ServiceListSchema.safeParse(
        ids(MAX_SERVICES + 1)
          .map((id) => `${id}x1`)
          .join(','),
      ).success,
    ).toBe(false);
    expect(ServiceListSchema.safeParse('2147483647x1').success).toBe(true);
    expect(ServiceListSchema.safeParse('2147483648x1').success).toBe(false);
  });

  it('refuses a service list with a piece it cannot read or a night that does not exist', () => {
    for (const text of [
      '',
      '201',
      '201x0',
      '201x2,',
      'x2',
      '0x1',
      '201x2@2027-02-30',
      ' 201x2',
      '201x2@tomorrow',
    ]) {
      expect(ServiceListSchema.safeParse(text).success, text).toBe(false);
    }
  });

  it('reads preference ids as the flow does, each once, at most as many as a selection holds', () => {
    expect(IdListSchema.parse('301,302,301')).toEqual([301, 302]);
    expect(IdListSchema.safeParse(ids(MAX_PREFERENCES).join(',')).success).toBe(true);
    expect(IdListSchema.safeParse(ids(MAX_PREFERENCES + 1).join(',')).success).toBe(false);
    for (const text of ['', '0', '007', '1,,2', '1e3', '2147483648']) {
      expect(IdListSchema.safeParse(text).success, text).toBe(false);
    }
  });
});
