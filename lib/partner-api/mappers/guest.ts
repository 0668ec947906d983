import 'server-only';
import type { Guest } from '@/lib/booking/guest';
import { toPartnerLanguage } from '../language';
import type { BookingModel } from '../schemas';

/** The guest's part of the partner's BookingModel. */
export type BookingModelGuest = Required<
  Pick<
    BookingModel,
    | 'firstname'
    | 'insertion'
    | 'lastName'
    | 'address'
    | 'houseNr'
    | 'zipCode'
    | 'city'
    | 'countryCode'
    | 'email'
    | 'phoneNumber'
    | 'mobilePhone'
    | 'language'
  >
>;

/** A validated guest under the partner BookingModel's field names; absent optional fields are sent as null. */
export function toBookingModelGuest(guest: Guest): BookingModelGuest {
  return {
    firstname: guest.firstName,
    insertion: guest.insertion ?? null,
    lastName: guest.lastName,
    address: guest.street,
    houseNr: guest.houseNumber,
    zipCode: guest.postcode,
    city: guest.city,
    countryCode: guest.country,
    email: guest.email,
    phoneNumber: guest.phone,
    mobilePhone: guest.mobile ?? null,
    language: toPartnerLanguage(guest.language),
  };
}
