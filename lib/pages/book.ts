import 'server-only';
import { countNights, type CalendarDate } from '@/lib/booking/dates';
import { getParty } from '@/lib/booking/deep-link';
import { countPersons, type Party } from '@/lib/booking/party';
import type { BookedStayState, OverviewState, QuoteState } from '@/lib/booking/overview';
import type { PriceOverview } from '@/lib/booking/types';
import { STEPS, type BookingSelection, type FlowSelection, type Step } from '@/lib/booking/selection';
import {
  holdVersion,
  isBookedStay,
  readSessionBooking,
  selectionKey,
} from '@/lib/booking-flow/records/booking-records';
import { finalizeState } from '@/lib/booking-flow/records/finalize-records';
import {
  readHeld,
  transactionDigest,
  type DoneSummary,
  type HeldSummary,
} from '@/lib/booking-flow/records/store';
import { heldUnitCheck } from '@/lib/booking-flow/handlers/responses';
import { recheckSelection, type RecheckError } from '@/lib/booking-flow/rules/recheck';
import { COMMIT_FRESHNESS, loadStayData, rentOf, type StayData } from '@/lib/booking-flow/rules/stay-data';
import { getPriceQuote } from '@/lib/partner-api';
import type { BookingSession } from '@/lib/session/booking-session';
import { asBookingPage } from '@/lib/upstream/priority';
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
  /** Empty for a stay this session has booked: whether it could be chosen again does not matter. */
  errors: RecheckError[];
  /**
   * On the overview, the state of this session's hold; on every step, `booked` when this
   * session has booked this house for these nights.
   */
  overview: OverviewState | BookedStayState | null;
  quote: QuoteState | null;
  /** The partner's price specification for the stay and party alone; null when it gave none. */
  stayCosts: PriceOverview | null;
  /**
   * The address names a unit that the partner no longer lists as free for the stay (another
   * guest holds it): it is left out of the selection, and the page says so.
   */
  unitNotFree: boolean;
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
  done: DoneSummary | null,
  sel: BookingSelection,
  locale: string,
): Promise<OverviewState> {
  if (!session || session.houseId !== sel.houseId) return { kind: 'needs_hold', hadHold: false };
  // A finished booking of other nights of this house is no reason not to book these: the
  // finalized session gives way to a new hold (pre-register never reuses its transaction).
  if (done && !isBookedStay(done, sel)) return { kind: 'needs_hold', hadHold: false };
  const state = await finalizeState({ sid: session.sid, transactionId: session.transactionId });
  if (state === 'done' || session.stage === 'finalized') return { kind: 'finalized' };
  const usable = held && held.txn === transactionDigest(session.transactionId) ? held : null;
  if (state === 'unknown' || state === 'in_flight') {
    const shown = usable?.selectionKey === selectionKey(sel) ? usable : null;
    return {
      kind: 'checking',
      hold: shown ? { price: shown.price, unitNumber: shown.unit?.number ?? null } : null,
    };
  }
  if (!usable || usable.selectionKey !== selectionKey(sel))
    return { kind: 'needs_hold', hadHold: usable !== null };
  // The partner writes its price lines in the hold's language: after a switch to another one,
  // the same hold is priced again in the page's, so no line is left in a language not chosen.
  if (session.locale !== locale) return { kind: 'needs_hold', hadHold: true };
  return {
    kind: 'held',
    holdExpiresAt: usable.holdExpiresAt,
    holdSetBy: usable.holdSetBy,
    unitNumber: usable.unit?.number ?? null,
    unitCheck: heldUnitCheck(usable),
    price: usable.price,
    terms: usable.terms,
    version: holdVersion(usable),
  };
}

async function quoteFor(
  sel: Parameters<typeof getPriceQuote>[0],
  locale: string,
): Promise<QuoteState | null> {
  try {
    const quote = await getPriceQuote(sel, locale);
    return { price: quote.data.priceOverview, stale: quote.stale };
  } catch {
    // The quote only previews; the overview shows the partner's price from pre-register.
    return null;
  }
}

/**
 * Everything a booking page shows. Its partner reads may wait for a token as long as a booking
 * step's (lib/upstream/priority.ts): a guest who pressed "book" waits a moment instead of being
 * told the service is busy. Throws PartnerError (not_found, busy…): see ./failure.ts.
 */
export function loadBookingPage(input: BookingPageInput): Promise<BookingPageData> {
  return asBookingPage(() => loadBookingPageData(input));
}

async function loadBookingPageData(input: BookingPageInput): Promise<BookingPageData> {
  const party = getParty(input.party);
  const session = await readPageSession();
  const live = session?.stage === 'held' && session.houseId === input.houseId ? session : null;
  const [held, done] = await Promise.all([live ? readHeld(live.sid) : null, readSessionBooking(session)]);
  const query = { houseId: input.houseId, startDate: input.startDate, endDate: input.endDate, party };
  const booked: BookedStayState | null =
    done && isBookedStay(done, query) ? { kind: 'booked', reservationCode: done.reservationCode } : null;
  // Entering the flow (its first step) reads availability fresh; later steps use the cache, and
  // placing the hold reads it fresh again.
  const freshness = input.step === STEPS[0] ? COMMIT_FRESHNESS : undefined;
  // The stay's own costs (no choices yet) from the partner's price specification: the running
  // total adds the guest's choices to it, line for line as the house page showed them.
  const stayCosts = quoteFor(query, input.locale);
  const stay = await loadStayData(query, input.locale, live ? { sid: live.sid, held } : null, freshness);
  const selection = sanitize(input.selection, stay);
  const full: BookingSelection = { ...query, ...selection };
  const check = recheckSelection(full, stay);
  // The booked stay is usually no longer free: that must not send the guest back to step 1.
  const errors = check.ok || booked ? [] : check.errors;
  const [overview, quote] = await Promise.all([
    booked ??
      (input.step === 'overview' && check.ok
        ? overviewState(session, held, done, full, input.locale)
        : Promise.resolve(null)),
    input.step === 'guest' && check.ok && !booked ? quoteFor(full, input.locale) : Promise.resolve(null),
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
    stayCosts: (await stayCosts)?.price ?? null,
    // When the partner lists no units at all, it never said which one is free: nothing to say.
    unitNotFree:
      input.selection.unitId !== undefined &&
      selection.unitId === undefined &&
      stay.units.length > 0 &&
      !booked,
  };
}
