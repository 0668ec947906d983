import { parseHouseRoute } from '@/lib/http/house-route';
import { handle, json } from '@/lib/http/json';
import { getHouse } from '@/lib/partner-api';

export const dynamic = 'force-dynamic';

export function GET(req: Request, ctx: { params: Promise<{ houseId: string }> }) {
  return handle('api.house', async () => {
    const parsed = await parseHouseRoute(req, ctx);
    if (!parsed.ok) return parsed.response;
    const { houseId, stay, party, locale } = parsed.input;
    const { data, stale } = await getHouse(houseId, { ...stay, party }, locale);
    return json({ house: data, stale }, { stale, maxAge: 30 });
  });
}
