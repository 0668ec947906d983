import { handlePreRegister } from '@/lib/booking-flow/handlers/pre-register';

export const dynamic = 'force-dynamic';

/** Holds (or re-prices) the stay with the guest's details; see lib/booking-flow/handlers/pre-register.ts. */
export const POST = handlePreRegister;
