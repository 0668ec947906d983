/** searchHouses, houseDetails, optionalServices, availableHouseUnits. */
import {
  AvailableHouseUnitsQuerySchema,
  HouseDetailsQuerySchema,
  OptionalServicesQuerySchema,
  SearchHousesQuerySchema,
  type HouseDetails,
  type SearchHouseResult,
} from '@/lib/partner-api/schemas';
import type { OperationName } from '@/lib/partner-api/operations';
import { MAX_NIGHTS } from './availability';
import type { House } from './catalogue';
import { formatDay, type Day } from './dates';
import { FieldErrorCollector, jsonResponse } from './http-errors';
import { LABELS } from './i18n';
import { numberOfPersons, persons, type Party } from './party';
import { checkStay, dayField, parseInput, partyFrom } from './params';
import type { OpContext, OpDef } from './pipeline';
import { priceResult } from './price-lines';
import { NO_SELECTION, quoteStay } from './pricing';
import { defaultNights } from './seasons';
import {
  availableUnit,
  features,
  houseFacts,
  mandatoryServices,
  optionalServices,
  pictureUrls,
  preferences,
  searchHouseResult,
} from './views';

/** Details by path (/houseDetails/{houseId}) or by query (?houseId=). */
const HouseDetailsParamsSchema = HouseDetailsQuerySchema.extend({
  houseId: OptionalServicesQuerySchema.shape.houseId,
});

function fits(house: House, party: Party): boolean {
  return persons(party) <= house.capacity && party.pets <= house.maxPets;
}

/** Reads party and dates; defaults per missing field; structural stay errors are a 400. */
function stayInput(
  ctx: OpContext,
  q: Parameters<typeof partyFrom>[0] & { startDate?: string; endDate?: string },
) {
  const errors = new FieldErrorCollector();
  const party = partyFrom(q, errors);
  const start = dayField(q.startDate, 'startDate', errors);
  const end = dayField(q.endDate, 'endDate', errors);
  if (errors.empty) checkStay(start, end, ctx.state.today(), errors);
  errors.throwIfAny();
  return { party, start, end };
}

/**
 * Without a start date every house gets its own first bookable default stay (the docs' "at
 * least 4 days from today, depending on availability"); with one, a missing end date means the
 * park's default length for that arrival.
 */
function searchHouses(ctx: OpContext): Response {
  const { state, lang } = ctx;
  const q = parseInput(SearchHousesQuerySchema, ctx.query);
  const { party, start, end } = stayInput(ctx, q);
  const today = state.today();
  const houseList: SearchHouseResult[] = [];
  for (const house of state.catalogue.houses) {
    if (
      (q.houseTypeId && house.typeId !== q.houseTypeId) ||
      (q.parkId && house.parkId !== q.parkId) ||
      !fits(house, party)
    )
      continue;
    const park = state.park(house);
    const filter = { pets: party.pets };
    let stay: { start: Day; end: Day } | undefined;
    if (start === undefined) {
      stay = state.availability.defaultStay(house, today, filter);
    } else {
      const stayEnd = end ?? start + defaultNights(park, start);
      if (stayEnd - start <= MAX_NIGHTS && state.availability.isBookable(house, start, stayEnd, filter))
        stay = { start, end: stayEnd };
    }
    if (!stay) continue;
    const quote = quoteStay(house, park, stay.start, stay.end, party, today, NO_SELECTION);
    houseList.push({ ...searchHouseResult(house, lang, state.publicUrl), price: priceResult(quote, true) });
  }
  return jsonResponse(200, { houseList, houseCount: houseList.length });
}

/**
 * availableStartDates: every valid arrival from tomorrow for about six months. With a start
 * date, availableEndDates lists its valid departures; with a valid end date too, selectedPeriod
 * prices that stay. A party that does not fit the house gets empty lists.
 */
function houseDetails(ctx: OpContext): Response {
  const { state, lang, c } = ctx;
  const raw = {
    ...ctx.query,
    ...(c.req.param('houseId') !== undefined ? { houseId: c.req.param('houseId') } : {}),
  };
  const q = parseInput(HouseDetailsParamsSchema, raw);
  const house = state.requireHouse(q.houseId);
  const { party, start, end } = stayInput(ctx, q);
  const park = state.park(house);
  const today = state.today();
  const filter = { pets: party.pets };
  const ok = fits(house, party);
  const startDates = ok ? state.availability.availableStartDates(house, today, filter) : [];
  const endDates =
    ok && start !== undefined ? state.availability.availableEndDates(house, start, filter) : [];
  const selected =
    start !== undefined && end !== undefined && endDates.includes(end)
      ? priceResult(quoteStay(house, park, start, end, party, today, NO_SELECTION), false)
      : undefined;
  const { pictures, thumbnails } = pictureUrls(house, state.publicUrl);
  const d = house.descriptions[lang];
  const body: HouseDetails = {
    ...houseFacts(house, lang),
    numberOfPersons: numberOfPersons(party, false),
    pictures,
    pictureThumbnails: thumbnails,
    parkingLot: { name: LABELS.parkingLot[lang], value: house.parkingSpaces },
    virtualTourLink: house.virtualTourLink,
    nationalIdentificationNumber: house.nationalId,
    descriptionLocation: d.location,
    descriptionInterior: d.interior,
    descriptionSurroundings: d.surroundings,
    descriptionParkConditions: d.parkConditions,
    ...(selected ? { selectedPeriod: selected } : {}),
    availableStartDates: startDates.map(formatDay),
    availableEndDates: endDates.map(formatDay),
    mandatoryServices: mandatoryServices(house, park, lang),
    optionalServices: optionalServices(
      house,
      lang,
      start !== undefined && end !== undefined && end > start ? { start, end } : undefined,
    ),
    preferences: preferences(house, lang),
    features: features(house, lang),
  };
  return jsonResponse(200, body);
}

/** Query parameters, or the same fields as a JSON body on the GET (as the docs' example shows). */
async function optionalServicesRoute(ctx: OpContext): Promise<Response> {
  const body = await ctx.body();
  const q = parseInput(OptionalServicesQuerySchema, { ...body, ...ctx.query });
  const house = ctx.state.requireHouse(q.houseId);
  const errors = new FieldErrorCollector();
  const start = dayField(q.startDate, 'startDate', errors);
  const end = dayField(q.endDate, 'endDate', errors);
  if (start !== undefined && end !== undefined && end <= start)
    errors.add('endDate', 'The departure date must be after the arrival date');
  errors.throwIfAny();
  const range = start !== undefined && end !== undefined ? { start, end } : undefined;
  return jsonResponse(200, optionalServices(house, ctx.lang, range));
}

/** Units free for the whole period; with pets only units that allow them. A stay that breaks the park's rules has none. */
function availableHouseUnits(ctx: OpContext): Response {
  const { state } = ctx;
  const q = parseInput(AvailableHouseUnitsQuerySchema, ctx.query);
  const house = state.requireHouse(q.houseId);
  const { party, start, end } = stayInput(ctx, q);
  const filter = { pets: party.pets };
  const stay =
    start === undefined
      ? state.availability.defaultStay(house, state.today(), filter)
      : { start, end: end ?? start + defaultNights(state.park(house), start) };
  if (
    !stay ||
    !fits(house, party) ||
    stay.end - stay.start > MAX_NIGHTS ||
    state.availability.ruleProblem(house, stay.start, stay.end)
  ) {
    return jsonResponse(200, []);
  }
  const units = state.availability.freeUnits(house, stay.start, stay.end, filter);
  return jsonResponse(
    200,
    units.map((u) => availableUnit(u, house, stay.start, stay.end)),
  );
}

export const READ_OPERATIONS = {
  searchHouses: { methods: ['GET'], handler: searchHouses },
  houseDetails: { methods: ['GET'], handler: houseDetails },
  optionalServices: { methods: ['GET'], handler: optionalServicesRoute },
  availableHouseUnits: { methods: ['GET'], handler: availableHouseUnits },
} as const satisfies Partial<Record<OperationName, OpDef>>;
