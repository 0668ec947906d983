'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, useTransition, type FormEvent } from 'react';
import { sumAmounts } from '@/lib/booking/costs';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary, card, fieldError } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { BookingApiError, finalizeBooking, newIdempotencyKey, type PaymentChoice } from './booking-api';
import { useFlow } from './flow-context';
import { addPaymentInfo } from '@/lib/analytics/events';
import { useAnalyticsEvent } from '@/lib/analytics/react';
import { markBookingDone } from './valid-guest';
import type { PaymentTerms } from '@/lib/booking/overview';
import type { PriceBreakdown } from '@/lib/booking/price-breakdown';
import { problemCode, problemMessage } from './problem-message';
import { bookingPath } from '@/lib/booking/selection';
import { useBookingFormat } from './use-booking-format';
import { keepPaymentChoice, listPaymentChoices } from './payment-options';
import { PriceTermsNote } from './price-terms-note';

/** The overview step says these itself: above the refreshed hold, or in the unit's notice. */
function toldByOverview(err: unknown): boolean {
  return err instanceof BookingApiError && (err.code === 'hold_changed' || err.code === 'unit_mismatch');
}

/**
 * How to pay, the cancellation fund, the conditions, and the one button that books. A double
 * click, Enter pressed twice or a retry after a dropped connection reuse one Idempotency-Key, so
 * the server makes one partner call; the button stays disabled through the redirect.
 */
export function PaymentForm({
  terms,
  hold,
  breakdown,
  onExpired,
  onChecking,
  onChanged,
  unitMismatch = null,
  onUnitMismatch,
}: {
  terms: PaymentTerms;
  /** The shown hold's version: Book confirms this hold, never one another tab has made since. */
  hold: string;
  /** The hold's price, to say what an amount paid now includes and what is left for the park. */
  breakdown?: PriceBreakdown;
  onExpired: () => void;
  onChecking: () => void;
  /** Another tab of this browser replaced or re-priced the hold: nothing was booked. */
  onChanged: () => void;
  /**
   * The held unit lacks something the guest chose: Book needs their decision to take it as it
   * is (`accepted`), which the finalize then passes on; without it, `onUnanswered` asks for it.
   */
  unitMismatch?: { accepted: boolean; onUnanswered: () => void } | null;
  /** Book was refused because the held unit does not fit the choice: nothing was booked. */
  onUnitMismatch: () => void;
}) {
  const t = useTranslations('booking');
  const router = useRouter();
  const { data, selection, setSelection, announce, payment: chosen, setPayment } = useFlow();
  const f = useBookingFormat(data.locale);
  const id = useId();
  // The choice lives in the flow, so the re-mount after a re-price keeps it while it is offered.
  const payment = keepPaymentChoice(chosen, terms);
  useAnalyticsEvent(
    payment &&
      addPaymentInfo({ id: data.houseId, name: data.houseName, price: terms.fullPayAmount }, payment),
    { key: `${data.houseId}|${data.criteria.startDate}|${data.criteria.endDate}|${payment}`, scope: 'tab' },
  );
  const [accepted, setAccepted] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [repricing, startRepricing] = useTransition();
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; payment: PaymentChoice; hold: string; acceptUnit: boolean } | null>(
    null,
  );
  const confirm = useMutation({
    mutationFn: (v: { payment: PaymentChoice; key: string; hold: string; acceptUnit: boolean }) =>
      finalizeBooking(v.payment, v.key, v.hold, data.locale, { acceptUnitMismatch: v.acceptUnit }),
  });

  const partial = listPaymentChoices(terms).includes('NowPartialPayment');
  const fund =
    terms.cancellationFundPossible && terms.cancellationFund !== null ? terms.cancellationFund : null;
  const busy = confirm.isPending || redirecting || repricing;

  function toggleFund(checked: boolean) {
    const next = { ...selection, cancellationFund: checked };
    setSelection(next);
    startRepricing(() =>
      router.replace(bookingPath(data.locale, data.houseId, data.criteria, next, 'overview'), {
        scroll: false,
      }),
    );
    announce(t('payment.repricing'));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current || redirecting) return;
    const unitUndecided = unitMismatch !== null && !unitMismatch.accepted;
    if (payment === null || !accepted || unitUndecided) {
      setShowErrors(true);
      // The unit's decision comes first on the page; its box takes the focus.
      if (unitUndecided) unitMismatch.onUnanswered();
      announce(t('payment.fixErrors'));
      return;
    }
    inFlight.current = true;
    const acceptUnit = unitMismatch?.accepted === true;
    // One key per attempt of this payload: a retry of the same choice replays, not re-books.
    let current = attempt.current;
    if (current?.payment !== payment || current.hold !== hold || current.acceptUnit !== acceptUnit) {
      current = { key: newIdempotencyKey(), payment, hold, acceptUnit };
      attempt.current = current;
    }
    try {
      const result = await confirm.mutateAsync({ payment, key: current.key, hold, acceptUnit });
      if (result.status === 'checking') {
        onChecking();
        return;
      }
      setRedirecting(true);
      markBookingDone(data.houseId);
      announce(result.status === 'confirmed' ? t('payment.confirmed') : t('payment.toPayment'));
      window.location.assign(result.next);
    } catch (err) {
      const code = problemCode(err);
      if (code === 'hold_expired' || code === 'no_booking_session') {
        onExpired();
        return;
      }
      if (err instanceof BookingApiError && err.code === 'hold_changed') {
        attempt.current = null;
        onChanged();
        return;
      }
      if (code === 'unit_mismatch') {
        attempt.current = null;
        onUnitMismatch();
        return;
      }
      if (code === 'already_finalized') {
        router.refresh();
      }
      // A refusal released the attempt, so a new choice gets a new key. After no answer (status 0),
      // a conflict (409) or an unreadable success the booking may exist: a retry replays the key.
      if (err instanceof BookingApiError && err.status >= 400 && err.status !== 409) attempt.current = null;
      // No announcement here: the failure notice below is a role=alert region, read out once.
    } finally {
      inFlight.current = false;
    }
  }

  const paymentError = showErrors && payment === null;
  const termsError = showErrors && !accepted;
  // An amount paid now beside a higher total reads like an error unless the page says why: the
  // deposit is in the amount paid now, and what the park collects is not.
  const deposit = breakdown?.deposit?.total ?? null;
  const atPark = breakdown?.atPark?.total ?? null;
  const explained = (body: string) =>
    [
      body,
      deposit !== null && deposit > 0 ? t('payment.includesDeposit', { amount: f.money(deposit) }) : null,
      atPark !== null && atPark > 0 ? t('payment.restAtPark', { amount: f.money(atPark) }) : null,
    ]
      .filter(Boolean)
      .join(' ');
  const options: { value: PaymentChoice; title: string; body: string }[] = [
    { value: 'Later', title: t('payment.later'), body: t('payment.laterBody') },
    {
      value: 'NowFullAmount',
      title: t('payment.full'),
      body:
        terms.fullPayAmount !== null
          ? explained(t('payment.fullBody', { amount: f.money(terms.fullPayAmount) }))
          : t('payment.fullBodyNoAmount'),
    },
  ];
  if (partial && terms.firstPayAmount !== null && terms.fullPayAmount !== null) {
    options.push({
      value: 'NowPartialPayment',
      title: t('payment.partial'),
      body: explained(
        t('payment.partialBody', {
          first: f.money(terms.firstPayAmount),
          rest: f.money(sumAmounts([terms.fullPayAmount, -terms.firstPayAmount])),
          full: f.money(terms.fullPayAmount),
        }),
      ),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <PriceTermsNote terms={terms} />
      {fund !== null ? (
        <div className={cx(card, 'p-4')}>
          <label className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3">
            <input
              type="checkbox"
              className="row-span-2 mt-1 size-5 shrink-0 accent-brand-600"
              checked={selection.cancellationFund}
              disabled={busy}
              onChange={(e) => toggleFund(e.target.checked)}
            />
            <span className="font-medium">{t('payment.fund', { amount: f.money(fund) })}</span>
            <span className="text-sm text-slate-600">{t('payment.fundBody')}</span>
          </label>
          {repricing ? (
            <p role="status" className="mt-2 text-sm font-medium text-brand-700">
              {t('payment.repricing')}
            </p>
          ) : null}
        </div>
      ) : null}

      <fieldset
        className={cx(card, 'space-y-2 p-4')}
        aria-describedby={paymentError ? `${id}-payment-error` : undefined}
        aria-invalid={paymentError || undefined}
      >
        <legend className="px-1 text-base font-semibold">{t('payment.heading')}</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="paymentType"
              value={option.value}
              className="row-span-2 mt-1 size-5 shrink-0 accent-brand-600"
              checked={payment === option.value}
              disabled={busy}
              onChange={() => setPayment(option.value)}
            />
            <span className="font-medium">{option.title}</span>
            <span className="text-sm text-slate-700">{option.body}</span>
          </label>
        ))}
        {paymentError ? (
          <p id={`${id}-payment-error`} className={fieldError}>
            {t('payment.choose')}
          </p>
        ) : null}
      </fieldset>

      <div className={cx(card, 'space-y-2 p-4')}>
        {data.parkConditions ? (
          <details>
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700 underline underline-offset-2">
              {t('payment.readConditions')}
            </summary>
            <p className="whitespace-pre-line text-sm text-slate-700">{data.parkConditions}</p>
          </details>
        ) : null}
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-600"
            checked={accepted}
            disabled={busy}
            aria-invalid={termsError || undefined}
            aria-describedby={termsError ? `${id}-terms-error` : undefined}
            onChange={(e) => setAccepted(e.target.checked)}
          />
          <span>{t('payment.accept')}</span>
        </label>
        {termsError ? (
          <p id={`${id}-terms-error`} className={fieldError}>
            {t('payment.acceptRequired')}
          </p>
        ) : null}
      </div>

      {confirm.isError && !redirecting && !toldByOverview(confirm.error) ? (
        <Notice tone="error" role="alert" title={t('payment.failedTitle')}>
          <p>{problemMessage(t, confirm.error)}</p>
        </Notice>
      ) : null}

      <button
        type="submit"
        className={cx(buttonPrimary, 'w-full sm:w-auto')}
        disabled={busy}
        aria-disabled={busy}
      >
        {redirecting
          ? t('payment.redirecting')
          : confirm.isPending
            ? t('payment.confirming')
            : t('payment.confirm')}
      </button>
    </form>
  );
}
