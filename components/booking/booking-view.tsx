import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { CriteriaIssue } from '@/lib/booking/deep-link';
import { formatDateRange, STAY_DATE_STYLE } from '@/lib/booking/date-format';
import type { Locale } from '@/lib/i18n/locales';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { card } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { CorrectionsNotice } from './booking-states';
import { BookedGate } from './flow/booked-gate';
import { BookingFlow } from './flow/booking-flow';
import { flowFormattedTexts } from './flow/flow-texts';
import type { FlowData } from './flow/flow-context';
import { GuestStep, OverviewStep, PrefetchNextStep } from './flow/later-steps';
import type { BookedStayState, OverviewState, QuoteState } from '@/lib/booking/overview';
import { PreferencesStep } from './flow/preferences-step';
import { RunningTotal } from './flow/running-total';
import { housePath, type FlowSelection, type Step } from '@/lib/booking/selection';
import { ServicesStep } from './flow/services-step';
import { PriceSpecification } from './price-specification';
import { ProgressSteps } from './progress-steps';
import { beginCheckout } from '@/lib/analytics/events';
import { AnalyticsPush } from '@/lib/analytics/react';

export interface BookingViewProps {
  data: FlowData;
  step: Step;
  selection: FlowSelection;
  /** The selection the server was asked to render, as the address writes it. */
  renderedFor: string;
  issues: CriteriaIssue[];
  /** A later step asked for with a selection that is no longer possible. */
  selectionReset: boolean;
  /** The unit the address names is no longer free; the park assigns one unless the guest picks another. */
  unitNotFree: boolean;
  notAvailable: boolean;
  stale: boolean;
  /**
   * On the overview, the state of this session's hold; on every step, `booked` when this
   * session has booked this house for these nights (as lib/pages/book.ts reads it).
   */
  overview: OverviewState | BookedStayState | null;
  quote: QuoteState | null;
  thankYouHref: string;
}

/** The booking page: heading, progress, notes, the current step and the running total. */
export function BookingView(props: BookingViewProps) {
  const t = useTranslations('booking');
  const { data, step, selection } = props;
  const booked = props.overview?.kind === 'booked' ? props.overview : null;
  const overview = props.overview?.kind === 'booked' ? null : props.overview;
  const houseHref = housePath(data.locale, data.houseId, data.criteria);
  // The hold's price and unit: the partner's word, also while a booking of it is being checked.
  const held =
    overview?.kind === 'held'
      ? { price: overview.price, unitNumber: overview.unitNumber }
      : overview?.kind === 'checking'
        ? overview.hold
        : null;
  const overviewKey =
    overview?.kind === 'held' ? `held-${overview.holdExpiresAt}` : (overview?.kind ?? 'none');

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-4 sm:px-6">
      <Link
        prefetch={false}
        href={houseHref}
        className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline"
      >
        <ChevronLeftIcon />
        {t('nav.backToHouse')}
      </Link>
      <header className="mb-4 mt-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('title', { house: data.houseName })}
        </h1>
        <p className="text-slate-700" data-testid="stay-dates">
          {formatDateRange(
            data.criteria.startDate,
            data.criteria.endDate,
            data.locale as Locale,
            STAY_DATE_STYLE,
          )}
        </p>
      </header>
      {/* The steps are interactive: without scripts their buttons do nothing, so say so up front. */}
      <noscript>
        <Notice tone="warning" title={t('noScript.title')} className="mb-4">
          <p>{t('noScript.body')}</p>
        </Notice>
      </noscript>
      <BookingFlow
        key={step}
        data={data}
        step={step}
        initialSelection={selection}
        renderedFor={props.renderedFor}
        formattedTexts={flowFormattedTexts(data)}
      >
        <ProgressSteps />
        <AnalyticsPush
          event={booked ? null : beginCheckout({ id: data.houseId, name: data.houseName, price: data.rent })}
          once={{ key: `${data.houseId}|${data.criteria.startDate}|${data.criteria.endDate}`, scope: 'tab' }}
        />

        <BookedGate booked={booked} thankYouHref={props.thankYouHref}>
          <div className="mt-4 space-y-3">
            <CorrectionsNotice issues={props.issues} />
            {props.selectionReset ? (
              <Notice tone="warning" role="alert" title={t('notes.selectionResetTitle')}>
                <p>{t('notes.selectionResetBody')}</p>
              </Notice>
            ) : null}
            {props.unitNotFree ? (
              <Notice tone="warning" title={t('notes.unitNotFreeTitle')}>
                <p>{t('notes.unitNotFreeBody')}</p>
              </Notice>
            ) : null}
            {props.stale ? (
              <Notice tone="info" title={t('notes.staleTitle')}>
                <p>{t('notes.staleBody')}</p>
              </Notice>
            ) : null}
          </div>

          <div
            data-booking-columns=""
            className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
          >
            <div data-booking-step="" className="order-2 lg:order-1">
              {step === 'preferences' ? (
                <PreferencesStep houseHref={houseHref} notAvailable={props.notAvailable} />
              ) : null}
              {step === 'services' ? <ServicesStep /> : null}
              {step === 'guest' ? <GuestStep /> : null}
              <PrefetchNextStep step={step} />
              {step === 'overview' && overview ? (
                <OverviewStep key={overviewKey} overview={overview} thankYouHref={props.thankYouHref} />
              ) : null}
            </div>
            <div className="order-1 space-y-4 lg:order-2">
              <RunningTotal heldPrice={held?.price} heldUnitNumber={held?.unitNumber} />
              {props.quote ? (
                <details className={cx(card, 'p-4 text-sm')}>
                  <summary className="min-h-11 cursor-pointer py-2 font-medium">{t('quote.heading')}</summary>
                  {props.quote.stale ? <p className="mb-2 text-slate-600">{t('quote.stale')}</p> : null}
                  <PriceSpecification price={props.quote.price} locale={data.locale} />
                </details>
              ) : null}
            </div>
            {/* Read last: until then a phone keeps the step invisible (app/globals.css). */}
            <span data-booking-columns-end="" hidden />
          </div>
        </BookedGate>
      </BookingFlow>
    </div>
  );
}
