import 'server-only';
import type { z } from 'zod';
import { IdParamSchema } from '@/lib/booking/selection-schema';
import { parseLocale, parseParty, repeatedParams, searchParamsObject, StayQuerySchema } from './params';
import { fieldProblem, problem, validationProblem } from './problem';
import type { Locale } from '@/lib/i18n/locales';
import { PARTY_FIELDS, type Party } from '@/lib/booking/party';
import type { StayDates } from '@/lib/booking/dates';

/** Common input of the /api/houses/{houseId}/… routes: the id, the stay, the party and the locale. */
export interface HouseRouteInput {
  houseId: number;
  stay: z.output<typeof StayQuerySchema>;
  party: Party;
  locale: Locale;
  params: Record<string, string>;
}

const HOUSE_ROUTE_PARAMS = ['startDate', 'endDate', ...PARTY_FIELDS, 'locale'] as const;

export async function parseHouseRoute(
  req: Request,
  ctx: { params: Promise<{ houseId: string }> },
): Promise<{ ok: true; input: HouseRouteInput } | { ok: false; response: Response }> {
  const { houseId: rawId } = await ctx.params;
  // A malformed id is refused here, before any partner call can carry it.
  const id = IdParamSchema.safeParse(rawId);
  if (!id.success) return { ok: false, response: validationProblem(id.error) };
  const url = new URL(req.url);
  const repeated = repeatedParams(url, HOUSE_ROUTE_PARAMS);
  if (repeated) return { ok: false, response: fieldProblem(repeated) };
  const params = searchParamsObject(url);
  const stay = StayQuerySchema.safeParse({ startDate: params.startDate, endDate: params.endDate });
  if (!stay.success) return { ok: false, response: validationProblem(stay.error) };
  const party = parseParty(params);
  if (!party.success) return { ok: false, response: validationProblem(party.error) };
  const locale = parseLocale(params);
  if (!locale.success) return { ok: false, response: validationProblem(locale.error) };
  return {
    ok: true,
    input: { houseId: id.data, stay: stay.data, party: party.data, locale: locale.data.locale, params },
  };
}

/** Both dates of the stay, for a route that needs a whole stay (a price, free units); else its 400. */
export function requireStayDates(
  stay: HouseRouteInput['stay'],
): { ok: true; stay: StayDates } | { ok: false; response: Response } {
  if (stay.startDate && stay.endDate) return { ok: true, stay: { startDate: stay.startDate, endDate: stay.endDate } };
  return {
    ok: false,
    response: problem({
      status: 400,
      code: 'invalid_input',
      title: 'startDate and endDate are required.',
      errors: { startDate: ['required'], endDate: ['required'] },
    }),
  };
}
