import { handle, json } from '@/lib/http/json';
import { parseHouseRoute } from '@/lib/http/house-route';
import { validationProblem } from '@/lib/http/problem';
import { ArrivalPricesQuerySchema, loadArrivalPrices } from '@/lib/pages/arrival-prices';

export const dynamic = 'force-dynamic';

/**
 * GET /api/houses/{houseId}/arrival-prices?arrivals=YYYY-MM-DD,…&nights=N&adults=…: the total for
 * `nights` nights and the party under each arrival day, from cached searches and the partner's
 * idle quota only (lib/pages/arrival-prices.ts). Days it could not price yet are `pending`.
 */
export function GET(req: Request, ctx: { params: Promise<{ houseId: string }> }) {
  return handle('api.arrival_prices', async () => {
    const parsed = await parseHouseRoute(req, ctx);
    if (!parsed.ok) return parsed.response;
    const { houseId, party, locale, params } = parsed.input;
    const query = ArrivalPricesQuerySchema.safeParse({ arrivals: params.arrivals, nights: params.nights });
    if (!query.success) return validationProblem(query.error);
    const prices = await loadArrivalPrices(houseId, query.data.arrivals, query.data.nights, party, locale);
    return json(prices);
  });
}
