/**
 * The browser's calls to the booking routes. Same-origin JSON with the static X-Booking-Client
 * header (security checklist 27); the session travels in the HttpOnly cookie, never in a body.
 */
import type { GuestInput } from '@/lib/booking/guest';
import type { Party } from '@/lib/booking/party';
import type { PriceOverview } from '@/lib/booking/types';
import type { FlowSelection } from './selection-params';

export class BookingApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errors: Record<string, string[]>,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(code);
    this.name = 'BookingApiError';
  }
}

export interface HoldResponse {
  status: 'held';
  holdExpiresAt: string;
  unit: { id: number; number: string } | null;
  price: PriceOverview;
  terms: {
    paymentBookingType: string | null;
    fullPayAmount: number | null;
    firstPayAmount: number | null;
    cancellationFundPossible: boolean;
    cancellationFund: number | null;
  };
}

export type FinalizeResponse =
  { status: 'confirmed' | 'awaiting_payment'; next: string } | { status: 'checking' };

export type PaymentChoice = 'Later' | 'NowFullAmount' | 'NowPartialPayment';

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-booking-client': '1', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new BookingApiError(0, 'network', {}, undefined);
  }
  if (res.status === 204) return null;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const problem = (data ?? {}) as { code?: unknown; errors?: unknown; retryAfter?: unknown };
    throw new BookingApiError(
      res.status,
      typeof problem.code === 'string' ? problem.code : 'internal',
      typeof problem.errors === 'object' && problem.errors !== null
        ? (problem.errors as Record<string, string[]>)
        : {},
      typeof problem.retryAfter === 'number' ? problem.retryAfter : undefined,
    );
  }
  return data;
}

export interface PreRegisterInput {
  locale: string;
  houseId: number;
  startDate: string;
  endDate: string;
  party: Party;
  selection: FlowSelection;
  guest: GuestInput;
}

export async function preRegisterBooking(input: PreRegisterInput): Promise<HoldResponse> {
  const { selection } = input;
  return (await post('/api/booking/pre-register', {
    locale: input.locale,
    selection: {
      houseId: input.houseId,
      startDate: input.startDate,
      endDate: input.endDate,
      party: input.party,
      ...(selection.unitId !== undefined ? { unitId: selection.unitId } : {}),
      preferenceIds: selection.preferenceIds,
      services: selection.services,
      cancellationFund: selection.cancellationFund,
    },
    guest: input.guest,
  })) as HoldResponse;
}

export async function finalizeBooking(
  paymentType: PaymentChoice,
  idempotencyKey: string,
): Promise<FinalizeResponse> {
  return (await post(
    '/api/booking/finalize',
    { paymentType, acceptTerms: true },
    { 'idempotency-key': idempotencyKey },
  )) as FinalizeResponse;
}

export async function closeBookingSession(): Promise<void> {
  await post('/api/booking/close', {});
}

/** A UUID v4 for the Idempotency-Key, also where crypto.randomUUID is missing. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
