import { describe, expect, it } from 'vitest';
import { addDays, getToday } from '@/lib/booking/dates';
import { VALID } from '@/lib/booking/fixtures/guests';
import { PreRegisterBodySchema } from './pre-register';

// A stay a month out on whatever day the tests run: the body refuses a start in the past.
const startDate = addDays(getToday(), 30);
const selection = {
  houseId: 1001,
  startDate,
  endDate: addDays(startDate, 2),
  party: { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 },
  preferenceIds: [],
  services: [],
  cancellationFund: false,
};

describe('the pre-register body', () => {
  it('accepts a guest without a language and takes the body’s locale for it', () => {
    const { language: _omitted, ...guest } = VALID;
    const parsed = PreRegisterBodySchema.safeParse({ locale: 'de', selection, guest });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.guest.language).toBe('de');
  });

  it('keeps a language the guest gave, and still refuses an unknown locale', () => {
    expect(PreRegisterBodySchema.parse({ locale: 'de', selection, guest: VALID }).guest.language).toBe('nl');
    const { language: _omitted, ...guest } = VALID;
    expect(PreRegisterBodySchema.safeParse({ locale: 'xx', selection, guest }).success).toBe(false);
  });
});
