import 'server-only';
import { cachePolicy, type CachePolicy, type OperationTable } from '@/lib/upstream/policy';
import { OPERATIONS, type OperationName } from './operations';

/**
 * How the governor treats each partner operation: whether it books (pre-register and finalize
 * may take the quota's reserve, as may reads made inside a booking step) and how long its answer
 * is cached. A price quote is a read: browsing for prices must not spend what bookings need.
 *
 * | operation                                     | fresh  | stale  | error |
 * |-----------------------------------------------|--------|--------|-------|
 * | searchHouses                                  | 60 s   | 15 min | 1 h   |
 * | houseDetails                                  | 5 min  | 1 h    | 24 h  |
 * | optionalServices                              | 10 min | 2 h    | 24 h  |
 * | availableHouseUnits                           | 30 s   | 5 min  | 30 min|
 * | usedHouseTypes, parkData, parkActiveHouses    | 1 h    | 24 h   | 72 h  |
 * | priceSpecifications (price quote)             | 60 s   | 10 min | 30 min|
 * | preRegisterReservation, finalizeReservation   | never cached               |
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** `undefined` marks an operation that is never cached (it carries guest data or books). */
export const CACHE_POLICY: Readonly<Record<OperationName, CachePolicy | undefined>> = {
  searchHouses: cachePolicy(60 * SECOND, 15 * MINUTE, HOUR),
  houseDetails: cachePolicy(5 * MINUTE, HOUR, 24 * HOUR),
  optionalServices: cachePolicy(10 * MINUTE, 2 * HOUR, 24 * HOUR),
  // Availability changes with every booking: short ages, and only half an hour as a fallback.
  availableHouseUnits: cachePolicy(30 * SECOND, 5 * MINUTE, 30 * MINUTE),
  usedHouseTypes: cachePolicy(HOUR, 24 * HOUR, 72 * HOUR),
  parkData: cachePolicy(HOUR, 24 * HOUR, 72 * HOUR),
  parkActiveHouses: cachePolicy(HOUR, 24 * HOUR, 72 * HOUR),
  // A quote shown from cache is re-priced by the partner at pre-register, so a short stale age is safe.
  priceSpecifications: cachePolicy(60 * SECOND, 10 * MINUTE, 30 * MINUTE),
  preRegisterReservation: undefined,
  finalizeReservation: undefined,
};

function policyOf(op: OperationName) {
  const cache = CACHE_POLICY[op];
  return cache === undefined ? { kind: OPERATIONS[op].kind } : { kind: OPERATIONS[op].kind, cache };
}

/** The table the partner's governor runs on. */
export const PARTNER_OPERATIONS: OperationTable<OperationName> = {
  searchHouses: policyOf('searchHouses'),
  houseDetails: policyOf('houseDetails'),
  optionalServices: policyOf('optionalServices'),
  availableHouseUnits: policyOf('availableHouseUnits'),
  usedHouseTypes: policyOf('usedHouseTypes'),
  parkData: policyOf('parkData'),
  parkActiveHouses: policyOf('parkActiveHouses'),
  priceSpecifications: policyOf('priceSpecifications'),
  preRegisterReservation: policyOf('preRegisterReservation'),
  finalizeReservation: policyOf('finalizeReservation'),
};
