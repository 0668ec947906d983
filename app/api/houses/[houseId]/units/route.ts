import { parseHouseRoute, requireStayDates } from '@/lib/http/house-route';
import { handle, json } from '@/lib/http/json';
import { getAvailableUnits } from '@/lib/partner-api';

export const dynamic = 'force-dynamic';

export function GET(req: Request, ctx: { params: Promise<{ houseId: string }> }) {
  return handle('api.units', async () => {
    const parsed = await parseHouseRoute(req, ctx);
    if (!parsed.ok) return parsed.response;
    const { houseId, party, locale } = parsed.input;
    const dates = requireStayDates(parsed.input.stay);
    if (!dates.ok) return dates.response;
    const { data, stale } = await getAvailableUnits(houseId, dates.stay, party, locale);
    return json({ units: data, stale }, { stale });
  });
}
