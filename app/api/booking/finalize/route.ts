import { handleFinalize } from '@/lib/booking-flow/handlers/finalize';

export const dynamic = 'force-dynamic';

/** Confirms this session's hold exactly once; see lib/booking-flow/handlers/finalize.ts. */
export const POST = handleFinalize;
