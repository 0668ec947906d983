import { handle } from '@/lib/http/json';
import { getHealth, healthStatusCode, toPublicHealth } from '@/lib/partner-api/health';

export const dynamic = 'force-dynamic';

/**
 * Readiness for load balancers and start-up scripts: only `status` (ok, degraded, down), 200 while
 * the site can serve guests and 503 when it cannot. The detail is at /api/health/details.
 */
export function GET() {
  return handle('api.health', async () => {
    const health = await getHealth();
    return Response.json(toPublicHealth(health), {
      status: healthStatusCode(health),
      headers: { 'cache-control': 'no-store' },
    });
  });
}
