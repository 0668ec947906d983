'use client';

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import type { MonthKey } from '@/lib/booking/calendar';
import { clampMonth, getLastListedArrival, getMonthOf, hasArrivalsToCheck } from '@/lib/booking/calendar';
import type { CalendarDate } from '@/lib/booking/dates';
import type { MonthLabels } from '@/lib/booking/month-labels';
import { MAX_PERSONS, isPartyWithinLimits, type Party } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';
import { Link, getPathname } from '@/lib/i18n/navigation';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { PartyEditor } from '@/components/ui/party-editor';
import { Disclosure } from '@/components/ui/disclosure';
import { buttonPrimary, buttonSecondary, textLink } from '@/components/ui/styles';
import { toLocale } from '@/components/ui/locale';
import { cx } from '@/components/ui/cx';
import { replacePageAddress } from '@/components/ui/page-address';
import { usePartySummary } from '@/components/search/use-party-summary';
import { AvailabilityCalendar } from './availability-calendar';
import { ChosenDates, ListReachNote } from './booking-panel-texts';
import { PanelBarTotal, PanelPrice, PanelSuggestion } from './panel-price';
import { ApiError, houseQueries, type StayQuote } from '@/lib/pages/house-queries';
import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import { CostBreakdown } from '@/components/booking/cost-breakdown';
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
  type Stay,
} from '@/lib/pages/house-stay';
import { useDebouncedValue } from './use-debounced-value';

/** Whether a booking panel has been on screen in this document before (see the panel's first effect). */
let panelMountedBefore = false;

export interface BookingPanelProps {
  houseId: number;
  today: CalendarDate;
  house: { persons: number | null; maxPets: number };
  initialParty: Party;
  /** The stay from the address, already checked against the partner's lists on the server. */
  initialStay: Stay;
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
 * Party, availability calendar, price and the call to book. Everything the guest changes is
 * re-read through the site's API and mirrored into the address, so a refresh, a shared link or
 * the language switcher keep the choice.
 */
export function BookingPanel(props: BookingPanelProps) {
  const { houseId, today, house, initialParty, initialStay, suggestion, initialTexts = {} } = props;
  const t = useTranslations('house.booking');
  const locale = useLocale();
  const [party, setParty] = useState<Party>(initialParty);
  const [stay, setStay] = useState<Stay>(initialStay);
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
  const sectionRef = useRef<HTMLElement>(null);
  const panelInView = useInView(sectionRef);
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

  // What the price area shows; with the price, its breakdown and the call to book follow it.
  const priceView: 'choose' | 'calculating' | 'error' | 'soldOut' | 'priced' | 'unavailable' =
    !complete || partyProblem !== null
      ? 'choose'
      : price.isPending || (price.isFetching && !price.isSuccess)
        ? 'calculating'
        : price.isError
          ? 'error'
          : price.data
            ? soldOut
              ? 'soldOut'
              : 'priced'
            : 'unavailable';
  const lists = { arrivals: arrivals.data, departures: departures.data };
  // The partner refusing the arrival itself (a day past its booking horizon) answers whether it
  // is offered, as an empty list of departures does: it is not a failure to retry.
  const arrivalRefused =
    departures.isError &&
    departures.error instanceof ApiError &&
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
  const pickingStay: Stay = arrivalLost ? {} : stay;
  // A day past the partner's list that its answer did not confirm: the park takes no arrival that
  // day, whatever the party, so the notice does not send the guest to the party.
  const lostToCheck =
    arrivalLost && stay.startDate !== undefined && isDayToCheck(stay.startDate, {}, arrivals.data, today);
  const step = getStep(pickingStay);
  const calendarBusy =
    partyProblem === null &&
    (step === 'arrival'
      ? arrivals.isFetching && !arrivals.isSuccess
      : departures.isPending || departures.isFetching);
  const lastListed = arrivals.data ? getLastListedArrival(arrivals.data) : undefined;
  const monthPastList =
    partyProblem === null &&
    step === 'arrival' &&
    lastListed !== undefined &&
    hasArrivalsToCheck(month, { availableStartDates: arrivals.data ?? [], today });

  return (
    <>
      <section
        ref={sectionRef}
        aria-labelledby="booking-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id="booking-heading" className="text-xl font-bold text-slate-950">
          {t('title')}
        </h2>

        <PartyDisclosure party={party} onChange={setParty} />
        {partyProblem ? (
          <Notice tone="warning" className="mt-3" role="status">
            <p>
              {t(`partyProblems.${partyProblem}`, {
                persons: house.persons ?? 0,
                pets: house.maxPets,
                maxPersons: MAX_PERSONS,
              })}
            </p>
          </Notice>
        ) : null}

        <div className="mt-4">
          <p className="mb-2 font-semibold text-slate-900" aria-live="polite">
            {partyProblem !== null
              ? null
              : step === 'departure'
                ? t('chooseDeparture')
                : complete
                  ? t('changeDates')
                  : t('chooseArrival')}
          </p>
          <AvailabilityCalendar
            month={month}
            onMonthChange={(m) => setMonth(clampMonth(m, today))}
            today={today}
            step={step}
            range={pickingStay}
            busy={calendarBusy}
            labels={initialTexts.calendar}
            isDayEnabled={(date) => partyProblem === null && isDayEnabled(date, pickingStay, lists, today)}
            isDayToCheck={(date) => isDayToCheck(date, pickingStay, lists.arrivals, today)}
            onPick={(date) => setStay((current) => pickDay(arrivalLost ? {} : current, date))}
          />
          {monthPastList ? <ListReachNote lastListed={lastListed} /> : null}
          {arrivals.isSuccess && arrivals.data.length === 0 && partyProblem === null ? (
            <p className="mt-2 text-sm text-slate-800">{t('noArrivals')}</p>
          ) : null}
          {arrivals.isError || (departures.isError && !arrivalRefused) ? (
            <LoadError
              error={arrivals.error ?? departures.error}
              onRetry={() => (arrivals.isError ? arrivals.refetch() : departures.refetch())}
            />
          ) : null}
          {stay.startDate !== undefined && !arrivalLost ? (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800">
              {atInitialStay && initialTexts.dates ? (
                initialTexts.dates
              ) : (
                <ChosenDates startDate={stay.startDate} endDate={stay.endDate} />
              )}
              <button type="button" className={cx(textLink, 'min-h-11')} onClick={() => setStay({})}>
                {t('clearDates')}
              </button>
            </div>
          ) : null}
          {arrivalLost ? (
            <Notice tone="warning" className="mt-3" role="status">
              <p>{t(lostToCheck ? 'arrivalNotTaken' : 'arrivalLost')}</p>
            </Notice>
          ) : null}
        </div>

        <div className="mt-4 border-t border-slate-200 pt-4">
          {/* Read out as it changes: the stay's price, or why there is none. The breakdown and the
            button below it are read when the guest reaches them, not on every date picked. */}
          <div aria-live="polite" aria-busy={price.isFetching || undefined}>
            {priceView !== 'choose' ? (
              priceView === 'calculating' ? (
                <div>
                  <p className="sr-only">{t('calculating')}</p>
                  <Skeleton className="h-5 w-40" />
                  <Skeleton className="mt-2 h-9 w-32" />
                  <Skeleton className="mt-2 h-4 w-48" />
                </div>
              ) : priceView === 'error' ? (
                <LoadError error={price.error} onRetry={() => price.refetch()} />
              ) : priceView === 'soldOut' ? (
                <Notice tone="warning" role="alert">
                  <p>{t('soldOut')}</p>
                </Notice>
              ) : priceView === 'priced' && price.data ? (
                <PanelPrice
                  price={price.data}
                  party={settledParty}
                  initial={initialPriceShown ? initialTexts.price : undefined}
                />
              ) : (
                <p className="text-slate-800">{t('stayUnavailable')}</p>
              )
            ) : (
              <div className="space-y-3">
                {suggestion && stay.startDate === undefined && initialPartyActive ? (
                  <Suggestion
                    text={
                      <PanelSuggestion
                        price={suggestion}
                        party={settledParty}
                        initial={initialTexts.suggestion}
                      />
                    }
                    onChoose={() => {
                      setStay({ startDate: suggestion.startDate, endDate: suggestion.endDate });
                      setMonth(getMonthOf(suggestion.startDate));
                    }}
                  />
                ) : null}
                <p className="rounded-lg bg-slate-100 px-4 py-3 text-center font-semibold text-slate-700">
                  {t('chooseToBook')}
                </p>
              </div>
            )}
          </div>
          {priceView === 'priced' ? (
            <div className="mt-4 space-y-4">
              <StayCosts quote={quote} />
              {bookHref ? (
                <Link href={bookHref} className={cx(buttonPrimary, 'w-full text-lg')}>
                  {t('book')}
                </Link>
              ) : null}
            </div>
          ) : null}
        </div>
      </section>
      <StickyBookingBar
        hidden={panelInView}
        total={
          offered && !soldOut && price.data ? <PanelBarTotal price={price.data} party={settledParty} /> : null
        }
        bookHref={bookHref}
      />
    </>
  );
}

/** Whether any part of the element is on screen (true until the browser can tell). */
function useInView(ref: React.RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

/**
 * Every cost of the chosen stay from the partner's price specification: what is paid in
 * advance and at the park, and the refundable deposit apart, so nothing appears first at the
 * last step. Where the partner gives no specification before booking, the panel says so.
 *
 * The costs arrive after the page is live, and their first amounts build the browser's number
 * formatter (tens of milliseconds on a phone). They are rendered as a deferred update, which
 * React does in slices that give way to the guest's taps; the loading lines stay until then.
 */
function StayCosts({ quote }: { quote: UseQueryResult<StayQuote> }) {
  const t = useTranslations('house.booking');
  const locale = toLocale(useLocale());
  const data = useDeferredValue(quote.data);
  if (quote.isError) {
    return (
      <div className="text-sm text-slate-800">
        <p>{t('costsError')}</p>
        <button type="button" className={cx(textLink, 'min-h-11')} onClick={() => quote.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (data === undefined) {
    return (
      <div aria-busy="true">
        <p className="sr-only">{t('costsLoading')}</p>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-3/4" />
      </div>
    );
  }
  if (!data.price || data.price.groups.length === 0) {
    return <p className="text-sm text-slate-800">{t('noBreakdown')}</p>;
  }
  return (
    <div>
      <h3 className="mb-2 font-semibold text-slate-900">{t('costsHeading')}</h3>
      <CostBreakdown breakdown={toPriceBreakdown(data.price)} locale={locale} headingLevel={4} compact />
    </div>
  );
}

/**
 * The price and the call to book kept in reach while the panel is off screen: a bar at the
 * bottom of a phone's screen, a card that follows the page on a desktop. The page keeps room
 * below for it (app/globals.css), so it never covers content or the focused element.
 */
function StickyBookingBar({
  hidden,
  total,
  bookHref,
}: {
  hidden: boolean;
  /** BarTotal of the stay on offer, or null while there is none. */
  total: ReactNode;
  bookHref: string | null;
}) {
  const t = useTranslations('house.booking');
  return (
    <div
      data-sticky-cta=""
      hidden={hidden}
      className="z-30 border-slate-200 bg-white max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:border-t max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-2px_8px_rgba(15,23,42,0.08)] lg:sticky lg:top-4 lg:mt-4 lg:rounded-xl lg:border lg:p-4 lg:shadow-sm"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-slate-800">{total ?? t('chooseToBook')}</p>
        {bookHref ? (
          <Link href={bookHref} className={cx(buttonPrimary, 'shrink-0')}>
            {t('book')}
          </Link>
        ) : (
          <a href="#book" className={cx(buttonPrimary, 'shrink-0')}>
            {t('barChoose')}
          </a>
        )}
      </div>
    </div>
  );
}

/** The stay the partner offers without dates (its text from SuggestionText) and the button that takes it. */
function Suggestion({ text, onChoose }: { text: ReactNode; onChoose: () => void }) {
  const t = useTranslations('house.booking');
  return (
    <div className="rounded-lg bg-brand-50 p-3 text-sm text-slate-900">
      {text}
      <button type="button" className={cx(buttonSecondary, 'mt-2 w-full')} onClick={onChoose}>
        {t('chooseSuggestion')}
      </button>
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations('house.booking');
  const busy = error instanceof ApiError && error.busy;
  return (
    <Notice tone={busy ? 'warning' : 'error'} className="mt-3" role="alert">
      <p>{busy ? t('busy') : t('loadError')}</p>
      <button type="button" className={cx(buttonSecondary, 'mt-2')} onClick={onRetry}>
        {t('retry')}
      </button>
    </Notice>
  );
}

function PartyDisclosure({ party, onChange }: { party: Party; onChange: (party: Party) => void }) {
  const t = useTranslations('party');
  const summary = usePartySummary(party);
  return (
    <Disclosure
      label={t('title')}
      summary={
        <>
          <span className="block text-sm text-slate-700" aria-hidden="true">
            {t('title')}
          </span>
          <span className="font-semibold text-slate-950">{summary}</span>
        </>
      }
      className="mt-3"
      panelClassName="mt-2 rounded-lg border border-slate-200 px-3"
    >
      <PartyEditor
        party={party}
        onChange={(field, value) => onChange({ ...party, [field]: value })}
        view={(field) => ({ label: t(`labels.${field}`), hint: t(`hints.${field}`), name: field })}
        legend={t('title')}
        legendClassName="sr-only"
        className="pb-2"
      />
    </Disclosure>
  );
}
