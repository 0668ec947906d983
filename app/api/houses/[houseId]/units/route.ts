import { parseHouseRoute } from '@/lib/http/house-route';
import { handle, json } from '@/lib/http/json';
import { problem } from '@/lib/http/problem';
import { getAvailableUnits } from '@/lib/partner-api';

export const dynamic = 'force-dynamic';

export function GET(req: Request, ctx: { params: Promise<{ houseId: string }> }) {
  return handle('api.units', async () => {
    const parsed = await parseHouseRoute(req, ctx);
    if (!parsed.ok) return parsed.response;
    const { houseId, stay, party, locale } = parsed.input;
    if (!stay.startDate || !stay.endDate) {
      return problem({
        status: 400,
        code: 'invalid_input',
        title: 'startDate and endDate are required.',
        errors: { startDate: ['required'], endDate: ['required'] },
      });
    }
    const { data, stale } = await getAvailableUnits(houseId, { startDate: stay.startDate, endDate: stay.endDate }, party, locale);
    return json({ units: data, stale }, { stale });
  });
}
