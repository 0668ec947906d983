import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { CriteriaIssue } from '@/lib/booking/deep-link';
import type { FailureCause } from '@/lib/pages/failure';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary } from '@/components/ui/styles';

/** Designed states of the booking page that are not a step: no dates yet, partner busy. */

/** What the server corrected in the booking address, each kind of correction once; nothing when none. */
export function CorrectionsNotice({ issues }: { issues: CriteriaIssue[] }) {
  const t = useTranslations('booking');
  if (issues.length === 0) return null;
  return (
    <Notice tone="info" title={t('notes.correctedTitle')}>
      <ul className="list-disc pl-5">
        {[...new Set(issues.map((i) => i.code))].map((code) => (
          <li key={code}>{t(`notes.issues.${code}`)}</li>
        ))}
      </ul>
    </Notice>
  );
}

export function BookingNeedsDates({ houseHref, issues }: { houseHref: string; issues: CriteriaIssue[] }) {
  const t = useTranslations('booking');
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">{t('states.needsDatesTitle')}</h1>
      <CorrectionsNotice issues={issues} />
      <p>{t('states.needsDatesBody')}</p>
      <Link prefetch={false} href={houseHref} className={buttonPrimary}>
        {t('states.chooseDates')}
      </Link>
    </div>
  );
}

export function BookingBusy({
  retryAfterSeconds,
  retryHref,
  cause = 'load',
}: {
  retryAfterSeconds: number | undefined;
  retryHref: string;
  /** Load, or a partner answer the site could not use (see PartnerBusyNotice): said as it was. */
  cause?: FailureCause | undefined;
}) {
  const t = useTranslations('booking');
  const common = useTranslations('busy');
  const seconds = retryAfterSeconds !== undefined ? Math.max(1, Math.ceil(retryAfterSeconds)) : undefined;
  const retryText = seconds !== undefined ? common('retryIn', { seconds }) : common('retrySoon');
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-bold">
        {cause === 'fault' ? common('faultTitle') : t('states.busyTitle')}
      </h1>
      {cause === 'fault' ? (
        <p>
          {common('faultBody')} {retryText}
        </p>
      ) : (
        <p>{seconds !== undefined ? t('errors.busyRetry', { seconds }) : t('errors.busy')}</p>
      )}
      <a href={retryHref} className={buttonPrimary}>
        {t('states.retry')}
      </a>
    </div>
  );
}
