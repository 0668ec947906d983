import { handleFinalize } from '@/lib/booking-server/finalize';

export const dynamic = 'force-dynamic';

/** Confirms this session's hold exactly once; see lib/booking-server/finalize.ts. */
export function POST(req: Request): Promise<Response> {
  return handleFinalize(req);
}
