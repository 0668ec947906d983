/**
 * The partner's operations: method, path and parameter names, in one place so that aligning
 * with the partner's real Swagger is a change here (or an env override), not a hunt through code.
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
  priceSpecifications: { method: 'POST', path: `${BOOKING_PREFIX}/priceSpecifications`, kind: 'booking' },
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

/** Query names for the stay and the party (the BookingModel's names, which the docs use throughout). */
export const QUERY_NAMES = {
  startDate: 'startDate',
  endDate: 'endDate',
  adults: 'adults',
  child0002: 'child0002',
  child0304: 'child0304',
  child0512: 'child0512',
  child1317: 'child1317',
  pets: 'animalNr',
  houseId: 'houseId',
  houseTypeId: 'houseTypeId',
  parkId: 'parkId',
} as const;
