import { describe, expect, it } from 'vitest';
import { VALID } from '@/lib/booking/fixtures/guests';
import { GuestSchema } from '@/lib/booking/guest';
import { BookingModelSchema } from '../schemas';
import { toBookingModelGuest } from './guest';

describe('toBookingModelGuest', () => {
  it('maps to the partner BookingModel fields', () => {
    const guest = GuestSchema.parse({ ...VALID, insertion: 'van', mobile: '06 12345678', language: 'de' });
    const fields = toBookingModelGuest(guest);
    expect(fields).toEqual({
      firstname: 'Jan',
      insertion: 'van',
      lastName: 'Jansen',
      address: 'Dorpsstraat',
      houseNr: '12a',
      zipCode: '1234 AB',
      city: 'Utrecht',
      countryCode: 'NL',
      email: 'jan@example.nl',
      phoneNumber: '+31301234567',
      mobilePhone: '+31612345678',
      language: 'DE',
    });
    const booking = { houseID: 1, startDate: '2026-07-10', endDate: '2026-07-12', ...fields };
    expect(BookingModelSchema.safeParse(booking).success).toBe(true);
  });

  it('sends null for absent optional fields', () => {
    const fields = toBookingModelGuest(GuestSchema.parse(VALID));
    expect(fields.insertion).toBeNull();
    expect(fields.mobilePhone).toBeNull();
    expect(fields.language).toBe('NL');
  });
});
