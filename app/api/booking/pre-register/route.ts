import { handlePreRegister } from '@/lib/booking-server/pre-register';

export const dynamic = 'force-dynamic';

/** Holds (or re-prices) the stay with the guest's details; see lib/booking-server/pre-register.ts. */
export function POST(req: Request): Promise<Response> {
  return handlePreRegister(req);
}
