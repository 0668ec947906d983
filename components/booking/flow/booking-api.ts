/**
 * The browser's calls to the booking routes. Same-origin JSON with the static X-Booking-Client
 * header, which a cross-site form cannot send; the session travels in the HttpOnly cookie, never
 * in a body. Answers are checked by the small guards below before anything reads them (no zod:
 * every booking step loads this module, and the first ones need no schema).
 */
import { isRecord, isString } from '@/lib/validation/guards';
import type { Guest, GuestInput } from '@/lib/booking/guest';
import type { Party } from '@/lib/booking/party';
import { readProblem } from '@/lib/site-api/read-problem';
import { SiteApiError as BookingApiError } from '@/lib/site-api/api-error';
import { campaignField } from '@/lib/attribution/campaign-storage';
import type { FlowSelection } from '@/lib/booking/selection';

/** What the booking calls throw: the site API's one error class, under the name the steps know it by. */
export { BookingApiError };

/** What the browser reads of a placed hold: when it lapses (the overview page reads the rest). */
export interface HoldResponse {
  status: 'held';
  holdExpiresAt: string;
}

/** The hold answer's fields the browser reads, or null when it lacks them. */
function readHold(value: unknown): HoldResponse | null {
  if (!isRecord(value) || value.status !== 'held') return null;
  const { holdExpiresAt } = value;
  return isString(holdExpiresAt) && Number.isFinite(Date.parse(holdExpiresAt))
    ? { status: 'held', holdExpiresAt }
    : null;
}

export type FinalizeResponse =
  { status: 'confirmed' | 'awaiting_payment'; next: string } | { status: 'checking' };

function readFinalize(value: unknown): FinalizeResponse | null {
  if (!isRecord(value)) return null;
  const { status, next } = value;
  if (status === 'checking') return { status };
  return (status === 'confirmed' || status === 'awaiting_payment') && isString(next) && next !== ''
    ? { status, next }
    : null;
}

export type PaymentChoice = 'Later' | 'NowFullAmount' | 'NowPartialPayment';

/**
 * Posts JSON and returns the answer as `read` reads it. A network failure is status 0
 * (`network`); an answer `read` does not accept (null) keeps its (successful) status with code
 * `bad_response`, so a caller can tell it from a refusal.
 */
async function post<T>(
  path: string,
  body: unknown,
  read: (data: unknown) => T | null,
  headers: Record<string, string> = {},
): Promise<T> {
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
  if (!res.ok) {
    const problem = await readProblem(res);
    throw new BookingApiError(
      res.status,
      problem.code ?? 'internal',
      problem.errors,
      problem.retryAfterSeconds,
    );
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => undefined);
  const answer = read(data);
  if (answer === null) throw new BookingApiError(res.status, 'bad_response', {}, undefined);
  return answer;
}

export interface PreRegisterInput {
  locale: string;
  houseId: number;
  startDate: string;
  endDate: string;
  party: Party;
  selection: FlowSelection;
  /** As typed, or as the guest schema normalized it: the server checks it with the same schema. */
  guest: GuestInput | Guest;
}

export async function preRegisterBooking(input: PreRegisterInput): Promise<HoldResponse> {
  const { selection } = input;
  return post(
    '/api/booking/pre-register',
    {
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
      // The landing link's campaign tags, for the booking record (never the guest's data).
      ...campaignField(),
    },
    readHold,
  );
}

/**
 * Books the hold the page shows, named by `hold` (the overview's version of it). With
 * `acceptUnitMismatch` the guest has decided to book the held unit although it lacks something
 * they chose; the server refuses such a hold without it (`unit_mismatch`).
 */
export async function finalizeBooking(
  paymentType: PaymentChoice,
  idempotencyKey: string,
  hold: string,
  locale: string,
  { acceptUnitMismatch = false }: { acceptUnitMismatch?: boolean } = {},
): Promise<FinalizeResponse> {
  return post(
    '/api/booking/finalize',
    {
      paymentType,
      acceptTerms: true,
      hold,
      locale,
      ...(acceptUnitMismatch ? { acceptUnitMismatch: true } : {}),
    },
    readFinalize,
    { 'idempotency-key': idempotencyKey },
  );
}

export async function closeBookingSession(): Promise<void> {
  // The answer carries nothing the browser needs (204 or a small JSON body).
  await post('/api/booking/close', {}, () => undefined);
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
