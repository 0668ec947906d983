import { handle } from '@/lib/http/json';
import { getHealth } from '@/lib/partner-api/health';

export const dynamic = 'force-dynamic';

/** 200 while the site can serve guests (ok or degraded); 503 when it cannot (store down, key refused). */
export function GET() {
  return handle('api.health', async () => {
    const health = await getHealth();
    return Response.json(health, {
      status: health.status === 'down' ? 503 : 200,
      headers: { 'cache-control': 'no-store' },
    });
  });
}
