import 'server-only';
import { countNights, type CalendarDate } from '@/lib/booking/dates';
import { getParty } from '@/lib/booking/deep-link';
import { countPersons, type Party } from '@/lib/booking/party';
import type { OverviewState, QuoteState } from '@/lib/booking/overview';
import type { BookingSelection, FlowSelection, Step } from '@/lib/booking/selection';
import {
  getBookingStore,
  readHeld,
  selectionKey,
  transactionDigest,
  type HeldSummary,
} from '@/lib/booking-flow/records/booking-records';
import { finalizeState } from '@/lib/booking-flow/records/finalize-records';
import { recheckSelection, type RecheckError } from '@/lib/booking-flow/rules/recheck';
import { loadStayData, rentOf, type StayData } from '@/lib/booking-flow/rules/stay-data';
import { getPriceQuote } from '@/lib/partner-api';
import type { BookingSession } from '@/lib/session/booking-session';
import { readPageSession } from './session';

/**
 * What the booking page renders for one URL: the stay's data, the selection as far as it is
 * still possible, whether the steps after the first may be shown, and on the overview the state
 * of this session's hold.
 */

export interface BookingPageData {
  stay: StayData;
  rent: number | null;
  nights: number;
  persons: number;
  /** The URL's selection without ids the house or the period no longer offers. */
  selection: FlowSelection;
  errors: RecheckError[];
  overview: OverviewState | null;
  quote: QuoteState | null;
}

export interface BookingPageInput {
  houseId: number;
  startDate: CalendarDate;
  endDate: CalendarDate;
  party: Party;
  step: Step;
  selection: FlowSelection;
  locale: string;
}

/** Drops what the house does not offer any more, so the page never shows a dead choice. */
function sanitize(sel: FlowSelection, stay: StayData): FlowSelection {
  const prefIds = new Set(stay.house.preferences.map((p) => p.id));
  const serviceIds = new Set(stay.services.map((s) => s.id));
  const out: FlowSelection = {
    preferenceIds: sel.preferenceIds.filter((id) => prefIds.has(id)),
    services: sel.services.filter((s) => serviceIds.has(s.id)),
    cancellationFund: sel.cancellationFund,
  };
  if (sel.unitId !== undefined && stay.units.some((u) => u.id === sel.unitId)) out.unitId = sel.unitId;
  return out;
}

async function overviewState(
  session: BookingSession | null,
  held: HeldSummary | null,
  sel: BookingSelection,
): Promise<OverviewState> {
  if (!session || session.houseId !== sel.houseId) return { kind: 'needs_hold', hadHold: false };
  const state = await finalizeState(getBookingStore(), {
    sid: session.sid,
    transactionId: session.transactionId,
  });
  if (state === 'done' || session.stage === 'finalized') return { kind: 'finalized' };
  if (state === 'unknown' || state === 'in_flight') return { kind: 'checking' };
  const usable = held && held.txn === transactionDigest(session.transactionId) ? held : null;
  if (!usable || usable.selectionKey !== selectionKey(sel))
    return { kind: 'needs_hold', hadHold: usable !== null };
  return {
    kind: 'held',
    holdExpiresAt: usable.holdExpiresAt,
    unitNumber: usable.unit?.number ?? null,
    price: usable.price,
    terms: usable.terms,
  };
}

async function quoteFor(sel: BookingSelection, locale: string): Promise<QuoteState | null> {
  try {
    const quote = await getPriceQuote(sel, locale);
    return { price: quote.data.priceOverview, stale: quote.stale };
  } catch {
    // The quote only previews; the overview shows the partner's price from pre-register.
    return null;
  }
}

/** Throws PartnerError (not_found, busy…): see ./failure.ts. */
export async function loadBookingPage(input: BookingPageInput): Promise<BookingPageData> {
  const party = getParty(input.party);
  const session = await readPageSession();
  const live = session?.stage === 'held' && session.houseId === input.houseId ? session : null;
  const held = live ? await readHeld(live.sid) : null;
  const query = { houseId: input.houseId, startDate: input.startDate, endDate: input.endDate, party };
  const stay = await loadStayData(query, input.locale, live ? { sid: live.sid, held } : null);
  const selection = sanitize(input.selection, stay);
  const full: BookingSelection = { ...query, ...selection };
  const check = recheckSelection(full, stay);
  const errors = check.ok ? [] : check.errors;
  const [overview, quote] = await Promise.all([
    input.step === 'overview' && check.ok ? overviewState(session, held, full) : Promise.resolve(null),
    input.step === 'guest' && check.ok ? quoteFor(full, input.locale) : Promise.resolve(null),
  ]);
  return {
    stay,
    rent: rentOf(stay.house),
    nights: countNights(input.startDate, input.endDate),
    persons: countPersons(party),
    selection,
    errors,
    overview,
    quote,
  };
}
