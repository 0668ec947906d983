/** priceSpecifications (a quote), preRegisterReservation (a 30-minute hold), finalizeReservation. */
import type { OperationName } from '@/lib/partner-api/operations';
import {
  BookingModelSchema,
  FinalizeBookingModelSchema,
  PriceQuoteModelSchema,
  type PreBookingResult,
} from '@/lib/partner-api/schemas';
import type { Unit } from './catalogue';
import { validateBooking, type ValidBooking } from './booking';
import { ApiError, badRequest, jsonResponse } from './http-errors';
import { advisoryUnit } from './preference-rules';
import type { Lang } from './i18n';
import { bindKeys, keysOf, parseInput, type RawInput } from './params';
import type { OpContext, OpDef } from './pipeline';
import { firstPayCents, fullPayCents, priceSpecifications } from './price-lines';
import { money, quoteStay, type Quote } from './pricing';
import type { Reservation } from './reservations';
import type { SandboxState } from './state';
import { unitInfo } from './views';

function priceBody(quote: Quote, lang: Lang): PreBookingResult {
  const first = firstPayCents(quote);
  return {
    priceSpecifications: priceSpecifications(quote, lang),
    paymentBookingType: quote.bookingType,
    fullPayAmount: money(fullPayCents(quote)),
    ...(first !== undefined ? { firstPayAmount: money(first) } : {}),
    cancellationFundPossible: quote.cancellationFundPossible,
    ...(quote.cancellationFundPossible ? { cancellationFund: money(quote.cancellationFundCents) } : {}),
  };
}

const NUMERIC_QUERY_KEYS = [
  'houseID',
  'adults',
  'child0002',
  'child0304',
  'child0512',
  'child1317',
  'animalNr',
  'unitId',
];

/** The GET form of the quote: numbers, "301,302" preference lists and "true" from the query string. */
function quoteInputFromQuery(query: RawInput): RawInput {
  const out = bindKeys(query, keysOf(PriceQuoteModelSchema));
  for (const key of NUMERIC_QUERY_KEYS) {
    const v = out[key];
    if (typeof v === 'string' && v !== '') out[key] = Number(v);
  }
  if (typeof out.preferences === 'string')
    out.preferences = out.preferences.split(',').filter(Boolean).map(Number);
  if (typeof out.cancellationFund === 'string') out.cancellationFund = out.cancellationFund === 'true';
  return out;
}

async function priceQuote(ctx: OpContext): Promise<Response> {
  const raw = ctx.c.req.method === 'GET' ? quoteInputFromQuery(ctx.query) : await ctx.body();
  const input = parseInput(PriceQuoteModelSchema, raw);
  const v = validateBooking(ctx.state, input);
  const quote = quoteStay(v.house, v.park, v.start, v.end, v.party, ctx.state.today(), v.selection);
  return jsonResponse(200, {
    ...priceBody(quote, ctx.lang),
    ...(v.unit ? { houseUnits: [unitInfo(v.unit)] } : {}),
  });
}

/** A transaction that can still be changed or finalized: unknown 404, lapsed 410, finalized 409. */
function liveHold(state: SandboxState, transactionId: string): Reservation {
  const r = state.reservations.get(transactionId);
  if (!r) throw new ApiError(404, 'Unknown transactionId');
  if (r.status === 'Expired') throw new ApiError(410, 'The hold has expired; pre-register again');
  if (r.status !== 'Held') throw new ApiError(409, 'This transaction has already been finalized');
  return r;
}

/**
 * The requested unit when it is free. Without one: in enforced mode the first free unit that
 * takes the pets and every chosen preference; in advisory mode the unit `advisoryUnit` picks,
 * whatever it lacks. A live hold keeps its unit when that still qualifies.
 */
function chooseUnit(state: SandboxState, v: ValidBooking, existing: Reservation | undefined): Unit {
  const ignore = existing?.transactionId;
  if (v.unit) {
    if (!state.availability.isUnitFree(v.unit, v.start, v.end, ignore))
      throw new ApiError(409, `Unit ${v.unit.number} is not available for this period`);
    return v.unit;
  }
  const choice = { pets: v.party.pets, preferenceIds: v.selection.preferenceIds };
  const isFree = (u: Unit) => state.availability.isUnitFree(u, v.start, v.end, ignore);
  let unit: Unit | undefined;
  if (state.preferenceMode === 'advisory') {
    unit = advisoryUnit(v.house.units.filter(isFree), choice, existing?.unitId);
  } else {
    const candidates = state.availability.candidateUnits(v.house, choice);
    if (candidates.length === 0)
      throw badRequest({
        preferences: ['No unit of this house offers this combination of pets and preferences'],
      });
    const free = candidates.filter(isFree);
    unit = free.find((u) => u.id === existing?.unitId) ?? free[0];
  }
  if (!unit) throw new ApiError(409, 'No unit of this house is available for this period');
  return unit;
}

async function preRegister(ctx: OpContext): Promise<Response> {
  const { state } = ctx;
  const input = parseInput(BookingModelSchema, await ctx.body());
  const existing = input.transactionId ? liveHold(state, input.transactionId) : undefined;
  const v = validateBooking(state, input);
  const unit = chooseUnit(state, v, existing);
  const selection = { ...v.selection, unitId: unit.id };
  const quote = quoteStay(v.house, v.park, v.start, v.end, v.party, state.today(), selection);
  const data = {
    houseId: v.house.id,
    unitId: unit.id,
    start: v.start,
    end: v.end,
    party: v.party,
    selection,
    quote,
  };
  const r = existing ? state.reservations.update(existing, data) : state.reservations.hold(data);
  const body: PreBookingResult = {
    transactionId: r.transactionId,
    ...priceBody(quote, ctx.lang),
    houseUnits: [unitInfo(unit)],
    holdExpiresAt: new Date(r.holdExpiresAt).toISOString(),
    reservationStatus: 'Held',
  };
  return jsonResponse(200, body);
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

async function finalize(ctx: OpContext): Promise<Response> {
  const { state } = ctx;
  const raw = bindKeys(await ctx.body(), keysOf(FinalizeBookingModelSchema));
  // Counted before any check, so a client's duplicate or malformed finalizes are visible too.
  if (typeof raw.transactionId === 'string') {
    const seen = state.reservations.get(raw.transactionId);
    if (seen) seen.finalizeCalls++;
  }
  const input = parseInput(FinalizeBookingModelSchema, raw);
  const thankYou = input.thankYouPageUrl || undefined;
  if (thankYou && !isAbsoluteHttpUrl(thankYou))
    throw badRequest({ thankYouPageUrl: ['Must be an absolute http(s) URL'] });
  const r = liveHold(state, input.transactionId);
  if (input.paymentType === 'NowPartialPayment' && !r.quote.partialPaymentPossible) {
    throw badRequest({
      paymentType: ['Partial payment is only possible for arrivals at least 42 days ahead'],
    });
  }
  r.status = input.paymentType === 'Later' ? 'Confirmed' : 'AwaitingPayment';
  r.paymentType = input.paymentType;
  if (thankYou) r.thankYouPageUrl = thankYou;
  const unit = state.catalogue.unitsById.get(r.unitId);
  const body: PreBookingResult = {
    transactionId: r.transactionId,
    ...priceBody(r.quote, ctx.lang),
    ...(unit ? { houseUnits: [unitInfo(unit)] } : {}),
    reservationStatus: r.status,
    ...(r.status === 'AwaitingPayment' ? { paymentUrl: `${state.publicUrl}/__pay/${r.transactionId}` } : {}),
  };
  return jsonResponse(200, body);
}

export const BOOKING_OPERATIONS = {
  priceSpecifications: { methods: ['POST', 'GET'], handler: priceQuote },
  preRegisterReservation: { methods: ['POST'], handler: preRegister },
  finalizeReservation: { methods: ['POST'], handler: finalize },
} as const satisfies Partial<Record<OperationName, OpDef>>;
