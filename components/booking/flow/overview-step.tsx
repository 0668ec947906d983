'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { buttonSecondary, card, textLink } from '@/components/ui/styles';
import { Link } from '@/lib/i18n/navigation';
import { cx } from '@/components/ui/cx';
import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import { PriceSpecification } from '../price-specification';
import { StayConditionsLink } from '@/components/legal/stay-conditions-link';
import { useFlow } from './flow-context';
import { StepHeading } from './step-heading';
import { GuestReview } from './guest-review';
import { HoldTimer } from './hold-timer';
import type { OverviewState } from '@/lib/booking/overview';
import { PaymentForm } from './payment-form';
import { PlaceHold } from './place-hold';
import { UnitCheckList } from '../unit-check-list';
import { unitMismatchOf } from '../unit-check';
import { UnitMismatchNotice } from './unit-mismatch-notice';

/**
 * Step 4: the partner's price specification for the hold (the authoritative overview), how to
 * pay, and confirm. Without a hold for this selection one is placed first.
 */
export function OverviewStep({ overview, thankYouHref }: { overview: OverviewState; thankYouHref: string }) {
  const t = useTranslations('booking');
  const { data, goTo, navigating, changedElsewhere: changed, setChangedElsewhere } = useFlow();
  const headingId = useId();
  const router = useRouter();
  const [local, setLocal] = useState<'expired' | 'checking' | null>(null);
  // Both states render a notice with role alert or status, which screen readers read out once;
  // announcing the same title through the flow's live region as well would read it twice.
  const onExpired = useCallback(() => setLocal('expired'), []);
  const onChecking = useCallback(() => setLocal('checking'), []);
  // Another tab holds something else now: the page reloads its data, finds no hold for this
  // tab's choices and holds them again (PlaceHold), so the guest sees this tab's price before
  // booking. The notice stays until the guest leaves the step, across the re-mount the new hold
  // brings (the flow keeps it).
  const onChanged = useCallback(() => {
    setChangedElsewhere();
    router.refresh();
  }, [router, setChangedElsewhere]);
  // Booking a unit that lacks what the guest chose is their explicit decision (see
  // UnitMismatchNotice), taken for the hold shown: a new hold (a re-price may move it to another
  // unit) mounts this step afresh and asks again.
  const [acceptedMismatch, setAcceptedMismatch] = useState(false);
  const [mismatchUnanswered, setMismatchUnanswered] = useState(false);
  const [refusedForMismatch, setRefusedForMismatch] = useState(false);
  const acceptBox = useRef<HTMLInputElement>(null);
  const onMismatchUnanswered = useCallback(() => {
    setMismatchUnanswered(true);
    acceptBox.current?.focus();
  }, []);
  // Book was refused for the unit (a page older than the hold's check): the page reads the hold
  // again, and the notice asks the guest to decide.
  const onUnitMismatch = useCallback(() => {
    setRefusedForMismatch(true);
    setAcceptedMismatch(false);
    router.refresh();
  }, [router]);
  // The decision is asked for above the Book button: the keyboard goes there with the alert.
  useEffect(() => {
    if (refusedForMismatch) acceptBox.current?.focus();
  }, [refusedForMismatch]);

  let body;
  if (overview.kind === 'checking' || local === 'checking') {
    body = (
      <Notice tone="info" role="status" title={t('states.checkingTitle')}>
        <p>{t('states.checkingBody')}</p>
        <p className="mt-2">
          <Link href="/contact" className={textLink}>
            {t('states.checkingContact')}
          </Link>
        </p>
      </Notice>
    );
  } else if (overview.kind === 'finalized') {
    body = (
      <Notice tone="info" title={t('states.finalizedTitle')}>
        <a href={thankYouHref} className="font-medium underline">
          {t('states.finalizedLink')}
        </a>
      </Notice>
    );
  } else if (overview.kind === 'needs_hold' || local === 'expired') {
    body = <PlaceHold key={local ?? 'auto'} expired={local === 'expired'} />;
  } else {
    const breakdown = toPriceBreakdown(overview.price);
    const mismatch = unitMismatchOf(overview.unitCheck, data.preferences);
    const decide = mismatch !== null || refusedForMismatch;
    body = (
      <div className="space-y-5">
        <div className={cx(card, 'space-y-2 p-4')}>
          <p className="font-medium">
            {overview.unitNumber
              ? t('overview.unit', { number: overview.unitNumber })
              : t('overview.anyUnit')}
          </p>
          <UnitCheckList check={overview.unitCheck} preferences={data.preferences} />
          <HoldTimer
            expiresAt={overview.holdExpiresAt}
            setBy={overview.holdSetBy}
            locale={data.locale}
            onExpire={onExpired}
          />
        </div>
        {decide ? (
          <UnitMismatchNotice
            mismatch={mismatch}
            unitNumber={overview.unitNumber}
            accepted={acceptedMismatch}
            onAcceptedChange={(accepted) => {
              setAcceptedMismatch(accepted);
              if (accepted) setMismatchUnanswered(false);
            }}
            showError={mismatchUnanswered && !acceptedMismatch}
            refused={refusedForMismatch}
            disabled={navigating}
            onChangePreferences={() => goTo('preferences')}
            inputId={`${headingId}-accept-unit`}
            inputRef={acceptBox}
          />
        ) : null}
        <GuestReview />
        <section aria-labelledby={`${headingId}-price`} className={cx(card, 'p-4')}>
          <h3 id={`${headingId}-price`} className="mb-3 text-base font-semibold">
            {t('overview.priceHeading')}
          </h3>
          <PriceSpecification price={overview.price} locale={data.locale} />
          <StayConditionsLink className="mt-4" />
        </section>
        <PaymentForm
          terms={overview.terms}
          hold={overview.version}
          breakdown={breakdown}
          onExpired={onExpired}
          onChecking={onChecking}
          onChanged={onChanged}
          unitMismatch={decide ? { accepted: acceptedMismatch, onUnanswered: onMismatchUnanswered } : null}
          onUnitMismatch={onUnitMismatch}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <StepHeading id={headingId}>{t('steps.overview')}</StepHeading>
      {changed ? (
        <Notice tone="warning" role="alert" title={t('payment.changedTitle')}>
          <p>{t('payment.changedBody')}</p>
        </Notice>
      ) : null}
      {body}
      <button type="button" className={buttonSecondary} onClick={() => goTo('guest')} disabled={navigating}>
        {t('nav.back')}
      </button>
    </section>
  );
}
