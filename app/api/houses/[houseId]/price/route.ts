import { z } from 'zod';
import { parseHouseRoute } from '@/lib/http/house-route';
import { handle, json } from '@/lib/http/json';
import { IdParamSchema } from '@/lib/booking/selection';
import { IdListSchema, ServiceListSchema } from '@/lib/http/params';
import { problem, validationProblem } from '@/lib/http/problem';
import { getPriceQuote } from '@/lib/partner-api';

export const dynamic = 'force-dynamic';

const SelectionQuerySchema = z.object({
  unit: IdParamSchema.optional(),
  prefs: IdListSchema.optional(),
  svc: ServiceListSchema.optional(),
  fund: z.enum(['0', '1']).optional(),
});

/** A price quote for a selection (booking share of the quota; cached briefly per exact selection). */
export function GET(req: Request, ctx: { params: Promise<{ houseId: string }> }) {
  return handle('api.price', async () => {
    const parsed = await parseHouseRoute(req, ctx);
    if (!parsed.ok) return parsed.response;
    const { houseId, stay, party, locale, params } = parsed.input;
    if (!stay.startDate || !stay.endDate) {
      return problem({
        status: 400,
        code: 'invalid_input',
        title: 'startDate and endDate are required.',
        errors: { startDate: ['required'], endDate: ['required'] },
      });
    }
    const selection = SelectionQuerySchema.safeParse({
      unit: params.unit,
      prefs: params.prefs,
      svc: params.svc,
      fund: params.fund,
    });
    if (!selection.success) return validationProblem(selection.error);
    const { data, stale } = await getPriceQuote(
      {
        houseId,
        startDate: stay.startDate,
        endDate: stay.endDate,
        party,
        unitId: selection.data.unit,
        preferenceIds: selection.data.prefs,
        services: selection.data.svc,
        cancellationFund: selection.data.fund === '1',
      },
      locale,
    );
    return json({ quote: data, stale }, { stale });
  });
}
