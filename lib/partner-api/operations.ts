/**
 * The partner's operations as the sandbox serves them: method, path and kind. The site's client
 * takes its method and path from the partner profile (./profile.ts), whose default is this
 * table; a partner whose API differs sets PARTNER_PROFILE instead of changing code here.
 * No secret lives here, so the sandbox and tests can import it.
 */

export const BOOKING_PREFIX = '/bungalow/api/v1/booking';

export const OPERATIONS = {
  searchHouses: { method: 'GET', path: `${BOOKING_PREFIX}/searchHouses`, kind: 'read' },
  houseDetails: { method: 'GET', path: `${BOOKING_PREFIX}/houseDetails/{houseId}`, kind: 'read' },
  optionalServices: { method: 'GET', path: `${BOOKING_PREFIX}/optionalServices`, kind: 'read' },
  availableHouseUnits: { method: 'GET', path: `${BOOKING_PREFIX}/availableHouseUnits`, kind: 'read' },
  usedHouseTypes: { method: 'GET', path: `${BOOKING_PREFIX}/usedHouseTypes`, kind: 'read' },
  parkActiveHouses: { method: 'GET', path: `${BOOKING_PREFIX}/parkActiveHouses`, kind: 'read' },
  parkData: { method: 'GET', path: `${BOOKING_PREFIX}/parkData`, kind: 'read' },
  // A price quote is a cached read: it spends the browsing share unless a booking step asks.
  priceSpecifications: { method: 'POST', path: `${BOOKING_PREFIX}/priceSpecifications`, kind: 'read' },
  preRegisterReservation: { method: 'POST', path: `${BOOKING_PREFIX}/preRegisterReservation`, kind: 'booking' },
  finalizeReservation: { method: 'POST', path: `${BOOKING_PREFIX}/finalizeReservation`, kind: 'booking' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string; kind: 'read' | 'booking' }>;

export type OperationName = keyof typeof OPERATIONS;

/** Alternative paths the public docs show for the same operations; the sandbox serves them too. */
export const PATH_VARIANTS: Partial<Record<OperationName, readonly string[]>> = {
  houseDetails: [`${BOOKING_PREFIX}/houseDetails`], // ?houseId=
  preRegisterReservation: ['/api/pre-register-reservation'],
  finalizeReservation: ['/finalizeReservation'],
};
