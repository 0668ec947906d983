'use client';

import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CalendarDate } from '@/lib/booking/dates';
import { MAX_PERSONS, type Party } from '@/lib/booking/party';
import type { HousePrice } from '@/lib/booking/types';
import { Link } from '@/lib/i18n/navigation';
import type { PartyProblem } from '@/lib/pages/house-stay';
import type { StayQuote } from '@/lib/pages/house-queries';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Skeleton } from '@/components/ui/skeleton';
import { buttonPrimary, textLink } from '@/components/ui/styles';
import { useInView } from '@/components/ui/use-in-view';
import { cx } from '@/components/ui/cx';
import { AvailabilityCalendar, type AvailabilityCalendarProps } from './availability-calendar';
import { ChosenDates, ListReachNote } from './booking-panel-texts';
import { LoadError, PartyDisclosure, StayCosts, StickyBookingBar, Suggestion } from './booking-panel-parts';
import { PanelBarTotal, PanelPrice, PanelSuggestion } from './panel-price';

/** What the price area shows; with a price, its breakdown and the call to book follow it. */
export type PanelPriceArea =
  | {
      view: 'choose';
      /** The partner's stay without dates, offered while the guest has chosen none. */
      suggestion?: { price: HousePrice; initial?: ReactNode; onChoose: () => void } | undefined;
    }
  | { view: 'calculating' }
  | { view: 'error'; error: unknown; onRetry: () => void }
  | { view: 'soldOut' }
  | { view: 'unavailable' }
  | { view: 'priced'; price: HousePrice; initial?: ReactNode };

export interface BookingPanelViewProps {
  /** What the page puts under the panel (see BookingPanel). */
  children?: ReactNode;
  house: { persons: number | null; maxPets: number };
  /** The party as the guest is editing it. */
  party: Party;
  onPartyChange: (party: Party) => void;
  /** Why the house cannot take the party, which is then the one thing the panel says. */
  partyProblem: PartyProblem | null;
  /** The message key above the calendar: what to pick next. */
  prompt: 'chooseArrival' | 'chooseDeparture' | 'changeDates' | null;
  calendar: AvailabilityCalendarProps;
  /** The last listed arrival, when the month shown lies past the partner's list of arrivals. */
  listReach: CalendarDate | undefined;
  noArrivals: boolean;
  loadError: { error: unknown; onRetry: () => void } | null;
  /** The chosen dates, with the server's text for them while they are the page's first. */
  chosen: { startDate: CalendarDate; endDate?: CalendarDate | undefined; initial?: ReactNode } | null;
  onClearDates: () => void;
  arrivalNotice: 'arrivalNotTaken' | 'arrivalLost' | null;
  price: PanelPriceArea;
  priceFetching: boolean;
  /** The chosen stay's costs from the partner's price specification. */
  costs: { failed: boolean; quote: StayQuote | undefined; onRetry: () => void };
  /** The party the prices were asked for. */
  settledParty: Party;
  bookHref: string | null;
  /** The price on offer, shown in the bar that keeps the call to book in reach. */
  barPrice: HousePrice | null;
}

/**
 * Party, availability calendar, price and the call to book, as the panel's state says them
 * (use-booking-panel.ts); the view holds no state of the booking itself.
 */
export function BookingPanelView(props: BookingPanelViewProps) {
  const { house, partyProblem, price, chosen } = props;
  const t = useTranslations('house.booking');
  const [section, setSection] = useState<HTMLElement | null>(null);
  const panelInView = useInView(section);
  // On a desktop the panel is taller than the screen: its top can be in view with the calendar or
  // the book button far below it. There the card steps aside only for what it stands in for: the
  // book button once there is a stay to book, the calendar before.
  const [bookLink, setBookLink] = useState<HTMLAnchorElement | null>(null);
  const [calendarBox, setCalendarBox] = useState<HTMLDivElement | null>(null);
  const bookInView = useInView(bookLink, 0.98);
  // The grid of days, not the caption and legend under it: with only those on screen the card
  // must already offer the way back to the days.
  const calendarInView = useInView(calendarBox?.querySelector<HTMLElement>('[role="grid"]') ?? null);
  const wide = useWideScreen();
  const cardHidden = !wide ? panelInView : props.bookHref ? bookInView : calendarInView;

  return (
    <>
      <Section
        sectionRef={setSection}
        id="booking-heading"
        heading={t('title')}
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <PartyDisclosure party={props.party} onChange={props.onPartyChange} />
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
            {props.prompt ? t(props.prompt) : null}
          </p>
          <div ref={setCalendarBox}>
            <AvailabilityCalendar {...props.calendar} />
          </div>
          {props.listReach !== undefined ? <ListReachNote lastListed={props.listReach} /> : null}
          {props.noArrivals ? <p className="mt-2 text-sm text-slate-800">{t('noArrivals')}</p> : null}
          {props.loadError ? (
            <LoadError error={props.loadError.error} onRetry={props.loadError.onRetry} />
          ) : null}
          {chosen ? (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800">
              {chosen.initial ? (
                chosen.initial
              ) : (
                <ChosenDates startDate={chosen.startDate} endDate={chosen.endDate} />
              )}
              <button type="button" className={cx(textLink, 'min-h-11')} onClick={props.onClearDates}>
                {t('clearDates')}
              </button>
            </div>
          ) : null}
          {props.arrivalNotice ? (
            <Notice tone="warning" className="mt-3" role="status">
              <p>{t(props.arrivalNotice)}</p>
            </Notice>
          ) : null}
        </div>

        <div className="mt-4 border-t border-slate-200 pt-4">
          {/* Read out as it changes: the stay's price, or why there is none. The breakdown and the
            button below it are read when the guest reaches them, not on every date picked. */}
          <div aria-live="polite" aria-busy={props.priceFetching || undefined}>
            <PriceArea price={price} party={props.settledParty} />
          </div>
          {price.view === 'priced' ? (
            <div className="mt-4 space-y-4">
              <StayCosts {...props.costs} />
              {props.bookHref ? (
                <Link ref={setBookLink} href={props.bookHref} className={cx(buttonPrimary, 'w-full text-lg')}>
                  {t('book')}
                </Link>
              ) : null}
            </div>
          ) : null}
        </div>
      </Section>
      {props.children}
      <StickyBookingBar
        hidden={cardHidden}
        total={props.barPrice ? <PanelBarTotal price={props.barPrice} party={props.settledParty} /> : null}
        bookHref={props.bookHref}
      />
    </>
  );
}

function PriceArea({ price, party }: { price: PanelPriceArea; party: Party }) {
  const t = useTranslations('house.booking');
  switch (price.view) {
    case 'choose':
      return (
        <div className="space-y-3">
          {price.suggestion ? (
            <Suggestion
              text={
                <PanelSuggestion
                  price={price.suggestion.price}
                  party={party}
                  initial={price.suggestion.initial}
                />
              }
              onChoose={price.suggestion.onChoose}
            />
          ) : null}
          <p className="rounded-lg bg-slate-100 px-4 py-3 text-center font-semibold text-slate-700">
            {t('chooseToBook')}
          </p>
        </div>
      );
    case 'calculating':
      return (
        <div>
          <p className="sr-only">{t('calculating')}</p>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="mt-2 h-9 w-32" />
          <Skeleton className="mt-2 h-4 w-48" />
        </div>
      );
    case 'error':
      return <LoadError error={price.error} onRetry={price.onRetry} />;
    case 'soldOut':
      return (
        <Notice tone="warning" role="alert">
          <p>{t('soldOut')}</p>
        </Notice>
      );
    case 'priced':
      return <PanelPrice price={price.price} party={party} initial={price.initial} />;
    case 'unavailable':
      return <p className="text-slate-800">{t('stayUnavailable')}</p>;
  }
}

const WIDE = '(min-width: 64rem)';

/** Whether the page has its two-column (lg) layout, where the card follows the page beside the panel. */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}
