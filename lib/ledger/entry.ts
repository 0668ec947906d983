import 'server-only';
import { z } from 'zod';
import type { CampaignTags } from '@/lib/attribution/campaign-rule';
import { countChildren, type Party } from '@/lib/booking/party';

/**
 * One finalized booking as the ledger keeps it: what partners count and account for, and nothing
 * about the guest (no name, e-mail, phone or address; the party as counts only). The same shape
 * is the outbox entry, the database row (column for column) and the webhook's `data`.
 */
const nullableText = z.string().nullable().default(null);
const nullableNumber = z.number().nullable().default(null);

export const LedgerRowSchema = z.object({
  reservation_code: z.string().min(1),
  house_id: nullableNumber,
  house_name: nullableText,
  park_id: nullableNumber,
  /** YYYY-MM-DD. */
  arrival: nullableText,
  departure: nullableText,
  adults: nullableNumber,
  children: nullableNumber,
  pets: nullableNumber,
  /** The booked value: the partner's total, else the full amount of its payment terms. */
  total_amount: nullableNumber,
  first_pay_amount: nullableNumber,
  currency: nullableText,
  payment_type: nullableText,
  status: nullableText,
  utm_source: nullableText,
  utm_medium: nullableText,
  utm_campaign: nullableText,
  utm_term: nullableText,
  utm_content: nullableText,
  cid: nullableText,
  language: nullableText,
  /** ISO 8601, UTC. */
  finalized_at: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

export const LEDGER_COLUMNS = Object.keys(LedgerRowSchema.shape) as (keyof LedgerRow)[];

/** The facts of a finished booking the ledger reads: the booking flow's record has them. */
export interface FinalizedBooking {
  readonly reservationCode: string;
  readonly houseId: number;
  readonly houseName: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly party: Party;
  readonly price: { readonly total: number | null };
  readonly terms: { readonly fullPayAmount: number | null; readonly firstPayAmount: number | null };
  readonly paymentType: string;
  readonly status: string;
  readonly finalizedAt: number;
  readonly campaign?: CampaignTags | undefined;
}

/** What the booking record does not carry itself. */
export interface LedgerContext {
  readonly language?: string | null;
  readonly parkId?: number | null;
  readonly currency?: string | null;
}

/** The campaign's tags, read by name so tags the record gains later are kept without a change here. */
function tag(campaign: FinalizedBooking['campaign'], name: string): string | null {
  const value = (campaign as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

const finite = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function ledgerRowOf(booking: FinalizedBooking, context: LedgerContext = {}): LedgerRow {
  const { party, campaign } = booking;
  return {
    reservation_code: booking.reservationCode,
    house_id: booking.houseId,
    house_name: booking.houseName,
    park_id: context.parkId ?? null,
    arrival: booking.startDate.slice(0, 10),
    departure: booking.endDate.slice(0, 10),
    adults: party.adults,
    children: countChildren(party),
    pets: party.pets,
    total_amount: finite(booking.price.total ?? booking.terms.fullPayAmount),
    first_pay_amount: finite(booking.terms.firstPayAmount),
    currency: context.currency ?? null,
    payment_type: booking.paymentType,
    status: booking.status,
    utm_source: tag(campaign, 'utm_source'),
    utm_medium: tag(campaign, 'utm_medium'),
    utm_campaign: tag(campaign, 'utm_campaign'),
    utm_term: tag(campaign, 'utm_term'),
    utm_content: tag(campaign, 'utm_content'),
    cid: tag(campaign, 'cid'),
    language: context.language ?? null,
    finalized_at: new Date(booking.finalizedAt).toISOString(),
  };
}
