import { z } from 'zod';
import { admitShared, clientKey } from '@/lib/booking-flow/rules/rate-limit';
import { parseHouseRoute, requireStayDates } from '@/lib/http/house-route';
import { handle, json } from '@/lib/http/json';
import { IdListSchema, IdParamSchema, ServiceListSchema } from '@/lib/booking/selection-schema';
import { problem, validationProblem } from '@/lib/http/problem';
import { getHouse, getPriceQuote, type ReadFreshness } from '@/lib/partner-api';

export const dynamic = 'force-dynamic';

const SelectionQuerySchema = z.object({
  unit: IdParamSchema.optional(),
  prefs: IdListSchema.optional(),
  svc: ServiceListSchema.optional(),
  fund: z.enum(['0', '1']).optional(),
});

/**
 * Quotes one client may ask for per window. Each uncached quote is a partner call from the
 * browsing share of the quota, which every visitor shares: a guest changing options on the way
 * to a booking asks for a few a minute, so this leaves them room while one client asking for
 * thousands is refused here instead of starving everyone else's pages. Counted in the shared
 * windows, so a fleet gives one client no more than one instance does.
 */
const QUOTE_LIMIT = { perClient: 30, windowMs: 60_000 } as const;

/**
 * The house page shows an offer from house details cached for minutes; before the guest commits
 * to it, the quote re-reads the stay's availability at most this old, so a stay someone has just
 * booked is caught on the house page instead of in the booking flow.
 */
const OFFER_FRESHNESS: ReadFreshness = { maxAgeMs: 15_000 };

/**
 * A price quote for a selection, with whether the stay is still available (`available`: false
 * when the partner no longer offers it, null when that could not be checked now). Cached
 * briefly per exact selection, admitted from the browsing share of the partner quota (only the
 * booking steps may use the reserve), at most QUOTE_LIMIT per client.
 */
export function GET(req: Request, ctx: { params: Promise<{ houseId: string }> }) {
  return handle('api.price', async () => {
    const parsed = await parseHouseRoute(req, ctx);
    if (!parsed.ok) return parsed.response;
    const { houseId, party, locale, params } = parsed.input;
    const dates = requireStayDates(parsed.input.stay);
    if (!dates.ok) return dates.response;
    const selection = SelectionQuerySchema.safeParse({
      unit: params.unit,
      prefs: params.prefs,
      svc: params.svc,
      fund: params.fund,
    });
    if (!selection.success) return validationProblem(selection.error);
    // Counted once the request is valid: a malformed one costs no partner call and no budget.
    const wait = await admitShared([
      { key: `quote:client:${clientKey(req)}`, limit: QUOTE_LIMIT.perClient, windowMs: QUOTE_LIMIT.windowMs },
    ]);
    if (wait !== null) {
      return problem({
        status: 429,
        code: 'too_many_requests',
        title: 'Too many price requests. Please wait a moment.',
        retryAfterSeconds: wait,
      });
    }
    const stayQuery = { ...dates.stay, party };
    const [quote, house] = await Promise.allSettled([
      getPriceQuote(
        {
          houseId,
          ...stayQuery,
          unitId: selection.data.unit,
          preferenceIds: selection.data.prefs,
          services: selection.data.svc,
          cancellationFund: selection.data.fund === '1',
        },
        locale,
      ),
      getHouse(houseId, stayQuery, locale, OFFER_FRESHNESS),
    ]);
    const available = house.status === 'fulfilled' ? house.value.data.selectedPeriod !== null : null;
    // A stay someone else has just booked: say so, whatever the quote answered.
    if (available === false) return json({ quote: null, available: false, stale: false });
    if (quote.status === 'rejected') throw quote.reason;
    const stale = quote.value.stale || (house.status === 'fulfilled' && house.value.stale);
    return json({ quote: quote.value.data, available, stale }, { stale });
  });
}
