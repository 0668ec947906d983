import { handleClose } from '@/lib/booking-flow/handlers/close';

export const dynamic = 'force-dynamic';

/** Ends the booking session early (booking a booked stay again); see lib/booking-flow/handlers/close.ts. */
export const POST = handleClose;
