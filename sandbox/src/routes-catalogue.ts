/** usedHouseTypes, parkActiveHouses, parkData: the reference data for filters and park pages. */
import type { OperationName } from '@/lib/partner-api/operations';
import {
  ParkQuerySchema,
  type HouseType,
  type ParkActiveHouse,
  type ParkData,
} from '@/lib/partner-api/schemas';
import { HOUSE_TYPES } from './house-data';
import { FACILITIES, type ParkDef } from './park-data';
import { parkConditionsText } from './descriptions';
import { ApiError, jsonResponse } from './http-errors';
import type { Lang } from './i18n';
import { parseInput } from './params';
import type { OpContext, OpDef } from './pipeline';
import type { SandboxState } from './state';

export function parkName(park: ParkDef, lang: Lang): string {
  return `${park.kind[lang]} ${park.properName}`;
}

/** A parkId filter that names no park is a 404, not an empty list, so typos show up. */
function selectParks(state: SandboxState, parkId: number | undefined): readonly ParkDef[] {
  if (parkId === undefined) return state.catalogue.parks;
  const park = state.catalogue.parks.find((p) => p.id === parkId);
  if (!park) throw new ApiError(404, `Park ${parkId} not found`);
  return [park];
}

function usedHouseTypes(ctx: OpContext): Response {
  const used = new Set(ctx.state.catalogue.houses.map((h) => h.typeId));
  const body: HouseType[] = HOUSE_TYPES.filter((t) => used.has(t.id)).map((t) => ({
    id: t.id,
    name: t.name[ctx.lang],
  }));
  return jsonResponse(200, body);
}

function parkActiveHouses(ctx: OpContext): Response {
  const { parkId } = parseInput(ParkQuerySchema, ctx.query);
  const parkIds = new Set(selectParks(ctx.state, parkId).map((p) => p.id));
  const body: ParkActiveHouse[] = ctx.state.catalogue.houses
    .filter((h) => parkIds.has(h.parkId))
    .map((h) => ({ id: h.id, name: h.name[ctx.lang], parkId: h.parkId }));
  return jsonResponse(200, body);
}

function parkData(ctx: OpContext): Response {
  const { parkId } = parseInput(ParkQuerySchema, ctx.query);
  const body: ParkData[] = selectParks(ctx.state, parkId).map((park) => ({
    id: park.id,
    name: parkName(park, ctx.lang),
    parkConditions: parkConditionsText(park, ctx.lang),
    virtualTourLink: `https://tour.sandbox.example/${park.letter.toLowerCase()}`,
    facilities: FACILITIES.filter((f) => park.facilityIds.includes(f.id)).map((f) => ({
      id: f.id,
      name: f.name[ctx.lang],
      keyword: f.keyword,
    })),
  }));
  return jsonResponse(200, body);
}

export const CATALOGUE_OPERATIONS = {
  usedHouseTypes: { methods: ['GET'], handler: usedHouseTypes },
  parkActiveHouses: { methods: ['GET'], handler: parkActiveHouses },
  parkData: { methods: ['GET'], handler: parkData },
} as const satisfies Partial<Record<OperationName, OpDef>>;
