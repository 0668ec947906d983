import { handle } from '@/lib/http/json';
import { refuseNonOperator } from '@/lib/metrics/access';
import { getHealth, healthStatusCode } from '@/lib/partner-api/health';

export const dynamic = 'force-dynamic';

/** The operator's view (quota, pause, circuit, key expiry, cache, store), behind HEALTH_TOKEN. */
export function GET(req: Request) {
  return handle('api.health.details', async () => {
    const refused = refuseNonOperator(req);
    if (refused) return refused;
    const health = await getHealth();
    return Response.json(health, {
      status: healthStatusCode(health),
      headers: { 'cache-control': 'no-store' },
    });
  });
}
