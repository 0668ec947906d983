import 'server-only';
import { partnerFetch } from './client';
import { getGateway } from './gateway';
import {
  AvailableHouseUnitsResultSchema,
  HouseDetailsSchema,
  HousesSearchResultSchema,
  OptionalServicesResultSchema,
  ParkActiveHousesResultSchema,
  ParkDataResultSchema,
  PreBookingResultSchema,
  UsedHouseTypesResultSchema,
  HouseServiceResultSchema,
  type BookingModel,
  type FinalizeBookingModel,
  type PartnerLanguage,
  type PriceQuoteModel,
} from './schemas';
import type { Query } from './query';
import { z } from 'zod';

/**
 * One function per partner operation, each through the governor (cache, single-flight, quota,
 * pause, retry). They return the parsed partner shapes; lib/partner-api/index.ts maps them to
 * domain types for the rest of the site.
 */

export interface Governed<T> {
  value: T;
  cache: 'hit' | 'stale' | 'miss';
  storedAt: number;
  /** Served only because the partner could not answer (see ReadResult). */
  fallback: boolean;
}

function read<T>(
  op: Parameters<typeof partnerFetch>[0],
  schema: z.ZodType<T>,
  language: PartnerLanguage,
  params: Query,
  pathParams?: Record<string, number>,
): Promise<Governed<T>> {
  const { governor, config } = getGateway();
  return governor.read({
    op,
    language,
    params: { ...params, ...pathParams },
    deadlineMs: config.deadlineMs,
    fetch: (signal: AbortSignal) =>
      partnerFetch(op, schema, { query: params, pathParams, language, signal }, config) as Promise<T>,
  });
}

export function searchHousesRaw(query: Query, language: PartnerLanguage) {
  return read('searchHouses', HousesSearchResultSchema, language, query);
}

export function houseDetailsRaw(houseId: number, query: Query, language: PartnerLanguage) {
  return read('houseDetails', HouseDetailsSchema, language, query, { houseId });
}

/** The docs show a single object in the example; a list is what the table says. Accept both. */
const OptionalServicesTolerant = z.union([
  OptionalServicesResultSchema,
  HouseServiceResultSchema.transform((s) => [s]),
]);

export function optionalServicesRaw(query: Query, language: PartnerLanguage) {
  return read('optionalServices', OptionalServicesTolerant, language, query);
}

export function availableHouseUnitsRaw(query: Query, language: PartnerLanguage) {
  return read('availableHouseUnits', AvailableHouseUnitsResultSchema, language, query);
}

export function usedHouseTypesRaw(language: PartnerLanguage) {
  return read('usedHouseTypes', UsedHouseTypesResultSchema, language, {});
}

export function parkDataRaw(language: PartnerLanguage) {
  return read('parkData', ParkDataResultSchema, language, {});
}

export function parkActiveHousesRaw(language: PartnerLanguage) {
  return read('parkActiveHouses', ParkActiveHousesResultSchema, language, {});
}

/** A price quote: a booking-share call, cached briefly per exact selection (no guest data in it). */
export function priceSpecificationsRaw(model: PriceQuoteModel, language: PartnerLanguage) {
  const { governor, config } = getGateway();
  const { extraServices, preferences, ...rest } = model;
  const params: Query = {
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v === null ? undefined : (v as string | number)])),
    preferences: preferences?.slice().sort((a, b) => a - b).join(','),
    extraServices: extraServices?.map((s) => `${s.id}x${s.quantity}@${s.date ?? ''}`).sort().join(','),
  };
  return governor.read({
    op: 'priceSpecifications',
    language,
    params,
    deadlineMs: config.deadlineMs,
    fetch: (signal: AbortSignal) =>
      partnerFetch('priceSpecifications', PreBookingResultSchema, { body: model, language, signal }, config),
  });
}

/** Never cached, never retried (unless provably not sent). */
export function preRegisterRaw(model: BookingModel, language: PartnerLanguage) {
  const { governor, config } = getGateway();
  return governor.write({
    op: 'preRegisterReservation',
    fetch: (signal: AbortSignal) =>
      partnerFetch('preRegisterReservation', PreBookingResultSchema, { body: model, language, signal }, config),
  });
}

export function finalizeRaw(model: FinalizeBookingModel, language: PartnerLanguage) {
  const { governor, config } = getGateway();
  return governor.write({
    op: 'finalizeReservation',
    fetch: (signal: AbortSignal) =>
      partnerFetch('finalizeReservation', PreBookingResultSchema, { body: model, language, signal }, config),
  });
}
