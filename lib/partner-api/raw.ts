import 'server-only';
import { DEADLINES } from '@/lib/upstream/policy';
import { partnerFetch } from './client';
import { getGateway } from './gateway';
import {
  OptionalServicesResultSchema,
  PreBookingResultSchema,
  HouseServiceResultSchema,
  type BookingModel,
  type FinalizeBookingModel,
  type PartnerLanguage,
  type PriceQuoteModel,
} from './schemas';
import { OPERATION_FIELDS, type AnswerOf } from './profile-fields';
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

/** How old a cached answer may be for this read (default: the operation's cache policy decides). */
export interface ReadFreshness {
  maxAgeMs?: number;
  /** `spare`: nobody waits for the answer (see the governor's ReadRequest.lane). */
  lane?: 'spare';
}

type ReadOp = Exclude<Parameters<typeof partnerFetch>[0], 'priceSpecifications' | 'preRegisterReservation' | 'finalizeReservation'>;

/** One governed read, parsed with the schema the operation's fields name (or a more tolerant one). */
function read<Op extends ReadOp>(
  op: Op,
  language: PartnerLanguage,
  params: Query,
  pathParams?: Record<string, number>,
  freshness: ReadFreshness = {},
  schema: z.ZodType<AnswerOf<Op>> = OPERATION_FIELDS[op].answer as unknown as z.ZodType<AnswerOf<Op>>,
): Promise<Governed<AnswerOf<Op>>> {
  const { governor, config } = getGateway();
  return governor.read({
    op,
    language,
    params: { ...params, ...pathParams },
    deadlineMs: config.deadlineMs,
    ...(freshness.maxAgeMs !== undefined ? { maxAgeMs: freshness.maxAgeMs } : {}),
    ...(freshness.lane ? { lane: freshness.lane } : {}),
    fetch: (signal: AbortSignal) =>
      partnerFetch(op, schema, { query: params, pathParams, language, signal }, config) as Promise<AnswerOf<Op>>,
  });
}

export function searchHousesRaw(query: Query, language: PartnerLanguage, freshness?: ReadFreshness) {
  return read('searchHouses', language, query, undefined, freshness);
}

export function houseDetailsRaw(
  houseId: number,
  query: Query,
  language: PartnerLanguage,
  freshness?: ReadFreshness,
) {
  return read('houseDetails', language, query, { houseId }, freshness);
}

/**
 * The docs show a single object in the example; a list is what the table says. Accept both. Every
 * field of a service is optional, so any object would read as one service with nothing in it, then
 * be dropped, and an answer of another shape would be cached as a stay without extras: the single
 * object must carry at least one of a service's fields.
 */
export const OptionalServicesTolerant = z.union([
  OptionalServicesResultSchema,
  HouseServiceResultSchema.refine(
    (service) => Object.values(service).some((value) => value !== undefined && value !== null),
    'not a service',
  ).transform((s) => [s]),
]);

export function optionalServicesRaw(query: Query, language: PartnerLanguage) {
  return read('optionalServices', language, query, undefined, {}, OptionalServicesTolerant);
}

export function availableHouseUnitsRaw(query: Query, language: PartnerLanguage, freshness?: ReadFreshness) {
  return read('availableHouseUnits', language, query, undefined, freshness);
}

export function usedHouseTypesRaw(language: PartnerLanguage) {
  return read('usedHouseTypes', language, {});
}

/** Every park, or with `parkId` the one park asked for (each is its own cached answer). */
export function parkDataRaw(language: PartnerLanguage, parkId?: number) {
  return read('parkData', language, parkId === undefined ? {} : { parkId });
}

/** The active houses of every park, or with `parkId` those of one park. */
export function parkActiveHousesRaw(language: PartnerLanguage, parkId?: number) {
  return read('parkActiveHouses', language, parkId === undefined ? {} : { parkId });
}

/**
 * A price quote, cached briefly per exact selection (no guest data in it). It takes the browsing
 * share of the quota unless it is asked for inside a booking step.
 */
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

/**
 * A booking write: never cached, never retried (unless provably not sent). It waits for the
 * partner up to its own, longer timeout (PARTNER_WRITE_TIMEOUT_MS), and its deadline leaves room
 * for the queue on top: an answer that comes late is still better than not knowing whether the
 * partner held or booked.
 */
function writeRaw(
  op: 'preRegisterReservation' | 'finalizeReservation',
  body: BookingModel | FinalizeBookingModel,
  language: PartnerLanguage,
) {
  const { governor, config } = getGateway();
  const writeConfig = { ...config, timeoutMs: config.writeTimeoutMs };
  return governor.write({
    op,
    deadlineMs: config.writeTimeoutMs + DEADLINES.maxQueueMs,
    fetch: (signal: AbortSignal) => partnerFetch(op, PreBookingResultSchema, { body, language, signal }, writeConfig),
  });
}

export function preRegisterRaw(model: BookingModel, language: PartnerLanguage) {
  return writeRaw('preRegisterReservation', model, language);
}

export function finalizeRaw(model: FinalizeBookingModel, language: PartnerLanguage) {
  return writeRaw('finalizeReservation', model, language);
}
