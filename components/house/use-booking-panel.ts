'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  clampMonth,
  getLastListedArrival,
  getMonthOf,
  hasArrivalsToCheck,
  type MonthKey,
} from '@/lib/booking/calendar';
import type { CalendarDate, StayDates } from '@/lib/booking/dates';
import type { MonthLabels } from '@/lib/booking/month-labels';
import { isPartyWithinLimits, type Party } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';
import { getPathname } from '@/lib/i18n/navigation';
import { houseQueries } from '@/lib/pages/house-queries';
import {
  bookingHref,
  getInitialMonth,
  getPartyProblem,
  getStep,
  isDayEnabled,
  isDayToCheck,
  offersArrival,
  pickDay,
  readRequestedStay,
  samePartyAs,
  stayQuery,
} from '@/lib/pages/house-stay';
import { SiteApiError } from '@/lib/site-api/api-error';
import { replacePageAddress } from '@/components/ui/page-address';
import type { BookingPanelViewProps } from './booking-panel-view';
import { useDayPrices } from './use-day-prices';
import { useDebouncedValue } from './use-debounced-value';

/** Whether a booking panel has been on screen in this document before (see the panel's first effect). */
let panelMountedBefore = false;

export interface BookingPanelProps {
  houseId: number;
  today: CalendarDate;
  house: { persons: number | null; maxPets: number };
  initialParty: Party;
  /** The stay from the address, already checked against the partner's lists on the server. */
  initialStay: Partial<StayDates>;
  initialArrivals: CalendarDate[];
  initialDepartures?: CalendarDate[] | undefined;
  initialPrice?: HousePrice | null | undefined;
  /** The partner's default stay for this house, offered when the address chose no dates. */
  suggestion?: HousePrice | undefined;
  /**
   * What the panel shows first, rendered by the server: the calendar's words for its opening
   * month and the texts with a date in them (see booking-panel-texts). Shown while the guest's
   * choice is still the one the page came with, so the browser builds no date formatter to bring
   * the page to life.
   */
  initialTexts?: InitialTexts | undefined;
}

export interface InitialTexts {
  calendar?: MonthLabels | undefined;
  /** ChosenDates for the stay from the address. */
  dates?: ReactNode;
  /** StayPrice of the initial price, in the panel's size. */
  price?: ReactNode;
  /** SuggestionText of the suggestion. */
  suggestion?: ReactNode;
}

/**
 * The booking panel's state: the party and stay the guest chooses, the partner's answers for them
 * read through the site's API, and the address kept in step with the choice (so a refresh, a
 * shared link or the language switcher keep it). Returns what the view shows, as plain values.
 */
export function useBookingPanel(props: BookingPanelProps): BookingPanelViewProps {
  const { houseId, today, house, initialParty, initialStay, suggestion, initialTexts = {} } = props;
  const locale = useLocale();
  const [party, setParty] = useState<Party>(initialParty);
  const [stay, setStay] = useState<Partial<StayDates>>(initialStay);
  const [month, setMonth] = useState<MonthKey>(() =>
    clampMonth(getInitialMonth(initialStay, props.initialArrivals, today), today),
  );
  const settledParty = useDebouncedValue(party, 400, samePartyAs);
  const initialPartyActive = samePartyAs(settledParty, initialParty);
  const partyProblem = getPartyProblem(settledParty, house);

  const arrivals = useQuery({
    ...houseQueries.arrivals(houseId, settledParty, locale),
    initialData: initialPartyActive ? props.initialArrivals : undefined,
    enabled: partyProblem === null,
  });
  const departures = useQuery({
    ...houseQueries.departures(houseId, stay.startDate ?? '', settledParty, locale),
    enabled: stay.startDate !== undefined && partyProblem === null,
    initialData:
      initialPartyActive && stay.startDate === initialStay.startDate ? props.initialDepartures : undefined,
  });
  const complete = stay.startDate !== undefined && stay.endDate !== undefined;
  const price = useQuery({
    ...houseQueries.price(houseId, stay.startDate ?? '', stay.endDate ?? '', settledParty, locale),
    enabled: complete && partyProblem === null,
    initialData:
      initialPartyActive &&
      props.initialPrice !== undefined &&
      stay.startDate === initialStay.startDate &&
      stay.endDate === initialStay.endDate
        ? props.initialPrice
        : undefined,
  });
  const offered = complete && partyProblem === null && price.isSuccess && price.data !== null;
  // The price the page came with, not one read since (react-query keeps the very object it was given).
  const initialPriceShown =
    price.data !== undefined && price.data !== null && price.data === props.initialPrice;
  const atInitialStay = stay.startDate === initialStay.startDate && stay.endDate === initialStay.endDate;
  const quote = useQuery({
    ...houseQueries.quote(houseId, stay.startDate ?? '', stay.endDate ?? '', settledParty, locale),
    enabled: offered,
  });
  const soldOut = offered && quote.data?.available === false;
  const bookHref =
    offered && !soldOut && price.data
      ? bookingHref(houseId, { startDate: price.data.startDate, endDate: price.data.endDate }, settledParty)
      : null;

  // Browser Back or Forward to this page shows the page the router kept, rendered for the address
  // the page first had: the choice the guest made since is only in the address. A panel mounted
  // after the document's first takes the stay and party back from the address instead of writing
  // the kept page's over it.
  const adopting = useRef(false);
  useEffect(() => {
    const restored = panelMountedBefore;
    panelMountedBefore = true;
    if (!restored) return;
    const raw = Object.fromEntries(new URLSearchParams(window.location.search));
    const requested = readRequestedStay(raw, today);
    if (stayQuery(requested.stay, requested.party) === stayQuery(initialStay, initialParty)) return;
    adopting.current = true;
    // The address is the outside source here, read once when the panel comes back on screen.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStay(requested.stay);
    setParty(requested.party);
    if (requested.stay.startDate) setMonth(clampMonth(getMonthOf(requested.stay.startDate), today));
    // Mount only: later renders are the guest's own choices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Mirror the choice into the house page's address without a server round trip.
  const ownPath = getPathname({ locale, href: `/houses/${houseId}` });
  useEffect(() => {
    if (adopting.current) {
      // The stay is being taken from the address: the address already holds it.
      adopting.current = false;
      return;
    }
    if (!isPartyWithinLimits(settledParty)) return;
    const query = stayQuery(stay, settledParty);
    replacePageAddress(`${ownPath}${query ? `?${query}` : ''}`);
  }, [ownPath, stay, settledParty]);

  const lists = { arrivals: arrivals.data, departures: departures.data };
  // The partner refusing the arrival itself (a day past its booking horizon) answers whether it
  // is offered, as an empty list of departures does: it is not a failure to retry.
  const arrivalRefused =
    departures.isError &&
    departures.error instanceof SiteApiError &&
    departures.error.code === 'partner_rejected';
  // With a party the house cannot take, that is the one thing to say: its dates are not the problem.
  // The arrival is judged as the server page judges a link's (offersArrival): past the partner's
  // list of arrivals it is still offered when the partner answers it with departures.
  const arrivalLost =
    partyProblem === null &&
    stay.startDate !== undefined &&
    arrivals.isSuccess &&
    !arrivals.isFetching &&
    (arrivalRefused ||
      (departures.isSuccess &&
        !departures.isFetching &&
        !offersArrival(
          { availableStartDates: arrivals.data, availableEndDates: departures.data, selectedPeriod: null },
          { startDate: stay.startDate },
        )));
  // An arrival the partner does not take leaves nothing to depart from: the next day picked is a
  // new arrival, with the dates the guest had still shown until then.
  const pickingStay: Partial<StayDates> = arrivalLost ? {} : stay;
  // A day past the partner's list that its answer did not confirm: the park takes no arrival that
  // day, whatever the party, so the notice does not send the guest to the party.
  const lostToCheck =
    arrivalLost && stay.startDate !== undefined && isDayToCheck(stay.startDate, {}, arrivals.data, today);
  const step = getStep(pickingStay);
  const lastListed = arrivals.data ? getLastListedArrival(arrivals.data) : undefined;
  const dayPrices = useDayPrices({
    houseId,
    month,
    today,
    arrivals: arrivals.data,
    stay,
    suggested: suggestion,
    party: settledParty,
    locale,
    enabled: partyProblem === null && step === 'arrival',
  });
  const monthPastList =
    partyProblem === null &&
    step === 'arrival' &&
    lastListed !== undefined &&
    hasArrivalsToCheck(month, { availableStartDates: arrivals.data ?? [], today });

  return {
    house,
    party,
    onPartyChange: setParty,
    partyProblem,
    prompt:
      partyProblem !== null
        ? null
        : step === 'departure'
          ? 'chooseDeparture'
          : complete
            ? 'changeDates'
            : 'chooseArrival',
    calendar: {
      month,
      onMonthChange: (m) => setMonth(clampMonth(m, today)),
      today,
      step,
      range: pickingStay,
      busy:
        partyProblem === null &&
        (step === 'arrival'
          ? arrivals.isFetching && !arrivals.isSuccess
          : departures.isPending || departures.isFetching),
      labels: initialTexts.calendar,
      plain: { action: ownPath, fields: plainFields(step === 'departure' ? pickingStay : {}, settledParty) },
      isDayEnabled: (date) => partyProblem === null && isDayEnabled(date, pickingStay, lists, today),
      isDayToCheck: (date) => isDayToCheck(date, pickingStay, lists.arrivals, today),
      onPick: (date) => setStay((current) => pickDay(arrivalLost ? {} : current, date)),
      prices: dayPrices,
    },
    listReach: monthPastList ? lastListed : undefined,
    noArrivals: arrivals.isSuccess && arrivals.data.length === 0 && partyProblem === null,
    loadError:
      arrivals.isError || (departures.isError && !arrivalRefused)
        ? {
            error: arrivals.error ?? departures.error,
            onRetry: () => (arrivals.isError ? arrivals.refetch() : departures.refetch()),
          }
        : null,
    chosen:
      stay.startDate !== undefined && !arrivalLost
        ? {
            startDate: stay.startDate,
            endDate: stay.endDate,
            initial: atInitialStay ? initialTexts.dates : undefined,
          }
        : null,
    onClearDates: () => setStay({}),
    arrivalNotice: arrivalLost ? (lostToCheck ? 'arrivalNotTaken' : 'arrivalLost') : null,
    price:
      !complete || partyProblem !== null
        ? {
            view: 'choose',
            suggestion:
              suggestion && stay.startDate === undefined && initialPartyActive
                ? {
                    price: suggestion,
                    initial: initialTexts.suggestion,
                    onChoose: () => {
                      setStay({ startDate: suggestion.startDate, endDate: suggestion.endDate });
                      setMonth(getMonthOf(suggestion.startDate));
                    },
                  }
                : undefined,
          }
        : price.isPending || (price.isFetching && !price.isSuccess)
          ? { view: 'calculating' }
          : price.isError
            ? { view: 'error', error: price.error, onRetry: () => price.refetch() }
            : price.data
              ? soldOut
                ? { view: 'soldOut' }
                : {
                    view: 'priced',
                    price: price.data,
                    initial: initialPriceShown ? initialTexts.price : undefined,
                  }
              : { view: 'unavailable' },
    priceFetching: price.isFetching,
    costs: { failed: quote.isError, quote: quote.data, onRetry: () => quote.refetch() },
    settledParty,
    bookHref,
    barPrice: offered && !soldOut && price.data ? price.data : null,
  };
}

/** What a day picked without scripts sends along: the party, and the arrival while the departure is picked. */
function plainFields(stay: Partial<StayDates>, party: Party): [string, string][] {
  return [...new URLSearchParams(stayQuery(stay, party)).entries()];
}
