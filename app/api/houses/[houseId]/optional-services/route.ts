import { parseHouseRoute } from '@/lib/http/house-route';
import { handle, json } from '@/lib/http/json';
import { getOptionalServices } from '@/lib/partner-api';

export const dynamic = 'force-dynamic';

export function GET(req: Request, ctx: { params: Promise<{ houseId: string }> }) {
  return handle('api.optional-services', async () => {
    const parsed = await parseHouseRoute(req, ctx);
    if (!parsed.ok) return parsed.response;
    const { houseId, stay, locale } = parsed.input;
    const { data, stale } = await getOptionalServices(houseId, stay, locale);
    return json({ services: data, stale }, { stale, maxAge: 60 });
  });
}
