import { useTranslations } from 'next-intl';
import { countNights } from '@/lib/booking/dates';
import { formatDateRange, STAY_DATE_STYLE } from '@/lib/booking/date-format';
import { formatMoney } from '@/lib/booking/money';
import type { Locale } from '@/lib/i18n/locales';
import type { Party } from '@/lib/booking/party';
import { describeParty } from './party-text';
import type { PriceOverview } from '@/lib/booking/types';
import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import { Link } from '@/lib/i18n/navigation';
import { CheckIcon } from '@/components/ui/icons';
import { buttonSecondary, card } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import type { PaymentTerms } from '@/lib/booking/overview';
import { BookedContact } from './booked-contact';
import { PriceSpecification } from './price-specification';
import { StayConditionsLink } from '@/components/legal/stay-conditions-link';
import { PrintButton } from './print-button';
import { purchase } from '@/lib/analytics/events';
import { AnalyticsPush } from '@/lib/analytics/react';
import { UnitCheckList } from './unit-check-list';
import { hasChoicesToCheck, type UnitCheck } from './unit-check';
import { Section } from '@/components/ui/section';

const HEADING = 'mb-3 text-lg font-semibold';
/** A box of the confirmation that a printout keeps on one page. */
const BOX = cx(card, 'p-4 sm:p-6 print:break-inside-avoid print:shadow-none');

export interface ThankYouSummary {
  reservationCode: string;
  houseName: string;
  unitNumber: string | null;
  startDate: string;
  endDate: string;
  party: Party;
  price: PriceOverview;
  terms: PaymentTerms;
  paymentType: 'Later' | 'NowFullAmount' | 'NowPartialPayment';
  /** `payment_follows`: the guest chose to pay now, and the partner e-mails how (no payment page). */
  status: 'confirmed' | 'awaiting_payment' | 'payment_follows';
  /** The park the house is on, when the partner names it. */
  parkName: string | null;
  /** The park's conditions (arrival and departure times among them), when the partner gives them. */
  parkConditions?: string | null;
  /** What the booked unit confirms of the chosen preferences and pets. */
  unitCheck?: UnitCheck;
  /** The names of the chosen preferences in the page's language, as far as the house names them. */
  preferences?: readonly { id: number; name: string }[];
}

/**
 * The heading the price specification below shows over what is paid at the park, when it shows
 * one with an amount in it; null otherwise. The next steps point the guest to that heading by
 * name, so they take it from the same part, and the same title rule, as ./cost-breakdown: the
 * partner's own title when it sends one, else the site's.
 */
function atParkHeading(price: PriceOverview, siteTitle: string): string | null {
  const atPark = toPriceBreakdown(price).atPark;
  if (!atPark?.lines.some((line) => line.amount !== null && line.amount > 0)) return null;
  return atPark.header ?? siteTitle;
}

/**
 * The thank-you page, from the server-side booking record only. The status reads "received",
 * "processing" or "payment follows by e-mail", never "paid": the address comes back from the
 * payment page and anyone can edit it, so nothing in it may change what the page claims. The
 * reservation code is the partner's, the one the park and its e-mails know the booking by.
 * It is a confirmation to keep: what happens next for the way the guest pays, a print version
 * without the site around it, and the stay as a calendar file.
 */
export function ThankYouView({
  summary,
  locale,
  houseId = null,
  calendarHref,
}: {
  summary: ThankYouSummary | null;
  locale: Locale;
  /** The booked house: the guest's name and e-mail show only for a booking of it in this tab. */
  houseId?: number | null;
  /** The booking as an iCalendar file, read from the same session. */
  calendarHref: string;
}) {
  const t = useTranslations('booking');
  const counts = useTranslations('party.counts');
  if (!summary) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-10">
        <h1 className="text-2xl font-bold">{t('thankYou.genericTitle')}</h1>
        <p>{t('thankYou.genericBody')}</p>
        <Link prefetch={false} href="/" className={buttonSecondary}>
          {t('states.toHome')}
        </Link>
      </div>
    );
  }
  const party = summary.party;
  const partyText = describeParty(party, (field, count) => counts(field, { count }));
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, locale));
  const payment =
    summary.paymentType === 'Later'
      ? t('thankYou.paymentLater')
      : summary.paymentType === 'NowFullAmount'
        ? t('thankYou.paymentFull', { amount: money(summary.terms.fullPayAmount) })
        : t('thankYou.paymentPartial', {
            first: money(summary.terms.firstPayAmount),
            full: money(summary.terms.fullPayAmount),
          });
  // What happens now follows from how the guest chose to pay and how the partner answered.
  const nextSteps = [
    summary.status === 'awaiting_payment'
      ? t('thankYou.nextPayment')
      : summary.status === 'payment_follows'
        ? t('thankYou.nextPaymentFollows')
        : t('thankYou.nextLater'),
  ];
  const atPark = atParkHeading(summary.price, t('price.groups.PayAtLocation'));
  if (atPark !== null) nextSteps.push(t('thankYou.nextAtPark', { group: atPark }));
  // The partner has no field for arrival and departure times. Its park conditions, when it gives
  // them, usually state them (shown below); without them the guest should know to ask.
  nextSteps.push(summary.parkConditions ? t('thankYou.nextArrivalConditions') : t('thankYou.nextArrival'));

  return (
    <div
      className="mx-auto max-w-3xl space-y-6 px-4 py-8 print:max-w-none print:space-y-4 print:p-0"
      data-print-confirmation
    >
      <AnalyticsPush
        event={purchase({
          reservationCode: summary.reservationCode,
          house: {
            id: houseId ?? 0,
            name: summary.houseName,
            parkName: summary.parkName,
            price: summary.price.total ?? summary.terms.fullPayAmount,
          },
        })}
        once={{ key: summary.reservationCode, scope: 'browser' }}
      />
      <div className="flex items-start gap-3">
        <span className="mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-on-brand">
          <CheckIcon />
        </span>
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('thankYou.title')}</h1>
          <p role="status" className="mt-1 text-slate-800">
            {summary.status === 'confirmed'
              ? t('thankYou.received')
              : summary.status === 'payment_follows'
                ? t('thankYou.paymentFollows')
                : t('thankYou.processing')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3 print:hidden">
        <PrintButton />
        <a href={calendarHref} download className={buttonSecondary} data-testid="add-to-calendar">
          {t('thankYou.addToCalendar')}
        </a>
      </div>
      <Section
        id="ty-details"
        heading={t('thankYou.detailsHeading')}
        headingClassName={HEADING}
        className={BOX}
      >
        {/* A long name or address breaks within its line instead of widening the page on a phone. */}
        <dl className="grid gap-x-6 gap-y-3 [overflow-wrap:anywhere] sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">{t('thankYou.reference')}</dt>
          <dd className="font-mono text-lg font-semibold break-all" data-testid="reservation-code">
            {summary.reservationCode}
          </dd>
          <dt className="font-medium text-slate-600">{t('thankYou.house')}</dt>
          <dd>{summary.houseName}</dd>
          {summary.parkName ? (
            <>
              <dt className="font-medium text-slate-600">{t('thankYou.park')}</dt>
              <dd>{summary.parkName}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-600">{t('thankYou.unit')}</dt>
          <dd>{summary.unitNumber ?? t('thankYou.unitByPark')}</dd>
          {summary.unitCheck && hasChoicesToCheck(summary.unitCheck) ? (
            <>
              <dt className="font-medium text-slate-600">{t('thankYou.choices')}</dt>
              <dd>
                <UnitCheckList check={summary.unitCheck} preferences={summary.preferences ?? []} />
              </dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-600">{t('thankYou.period')}</dt>
          <dd>
            {formatDateRange(summary.startDate, summary.endDate, locale, STAY_DATE_STYLE)} ·{' '}
            {t('summary.nights', { count: countNights(summary.startDate, summary.endDate) })}
          </dd>
          <dt className="font-medium text-slate-600">{t('thankYou.party')}</dt>
          <dd>{partyText}</dd>
          <BookedContact houseId={houseId} />
          <dt className="font-medium text-slate-600">{t('thankYou.payment')}</dt>
          <dd>
            {payment}
            {summary.status === 'payment_follows' ? (
              <span className="block text-sm text-slate-700">{t('thankYou.paymentByEmail')}</span>
            ) : null}
          </dd>
        </dl>
      </Section>
      <Section id="ty-next" heading={t('thankYou.nextHeading')} headingClassName={HEADING} className={BOX}>
        <ul className="list-disc space-y-2 pl-5" data-testid="next-steps">
          {nextSteps.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Section>
      <Section
        id="ty-price"
        heading={t('overview.priceHeading')}
        headingClassName={HEADING}
        className={cx(card, 'p-4 sm:p-6 print:shadow-none')}
      >
        <PriceSpecification price={summary.price} locale={locale} />
        <StayConditionsLink conditions={summary.parkConditions} className="mt-4" />
      </Section>
      <p className="text-slate-700">{t('thankYou.emailNote')}</p>
      <Link prefetch={false} href="/" className={cx(buttonSecondary, 'print:hidden')}>
        {t('states.toHome')}
      </Link>
    </div>
  );
}
