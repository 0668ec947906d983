import { handle } from '@/lib/http/json';
import { refuseNonOperator } from '@/lib/metrics/access';
import { renderMetrics } from '@/lib/metrics/registry';
import { collectPartnerGauges } from '@/lib/partner-api/health';

export const dynamic = 'force-dynamic';

/** Prometheus exposition of this instance's metrics, behind HEALTH_TOKEN. */
export function GET(req: Request) {
  return handle('api.metrics', async () => {
    const refused = refuseNonOperator(req);
    if (refused) return refused;
    await collectPartnerGauges();
    const { body, contentType } = await renderMetrics();
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  });
}
