import { useTranslations } from 'next-intl';
import type { Busy } from '@/lib/pages/failure';
import { buttonPrimary } from './styles';

/**
 * The designed "partner busy" state: friendly copy, when to retry and a retry link that works
 * without JavaScript (it simply loads the same address again). It speaks of load unless the
 * partner answered with something other than a busy signal (an unusable answer, our key refused,
 * a server error); then it says the connection to the booking system is not working as it should.
 */
export function PartnerBusyNotice({
  retryHref,
  busy: { retryAfterSeconds, cause },
  headingLevel = 2,
}: {
  retryHref: string;
  busy: Busy;
  headingLevel?: 1 | 2;
}) {
  const t = useTranslations('busy');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const seconds = retryAfterSeconds !== undefined ? Math.max(1, Math.ceil(retryAfterSeconds)) : undefined;
  return (
    <section
      aria-labelledby="busy-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <Heading id="busy-heading" className="text-lg font-semibold">
        {t(cause === 'fault' ? 'faultTitle' : 'title')}
      </Heading>
      <p className="mt-2">{t(cause === 'fault' ? 'faultBody' : 'body')}</p>
      <p className="mt-1">{seconds !== undefined ? t('retryIn', { seconds }) : t('retrySoon')}</p>
      <a href={retryHref} className={`${buttonPrimary} mt-4`}>
        {t('retry')}
      </a>
    </section>
  );
}

/** The notice as the whole of a page that has nothing else to show. */
export function PartnerBusyPage({ retryHref, busy }: { retryHref: string; busy: Busy }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PartnerBusyNotice headingLevel={1} retryHref={retryHref} busy={busy} />
    </div>
  );
}
