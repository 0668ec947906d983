'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useDeferredValue, type ReactNode } from 'react';
import type { Party } from '@/lib/booking/party';
import { toPriceBreakdown } from '@/lib/booking/price-breakdown';
import { Link } from '@/lib/i18n/navigation';
import type { StayQuote } from '@/lib/pages/house-queries';
import { SiteApiError } from '@/lib/site-api/api-error';
import { CostBreakdown } from '@/components/booking/cost-breakdown';
import { usePartySummary } from '@/components/search/use-party-summary';
import { cx } from '@/components/ui/cx';
import { Disclosure } from '@/components/ui/disclosure';
import { toLocale } from '@/components/ui/locale';
import { Notice } from '@/components/ui/notice';
import { PartyEditor } from '@/components/ui/party-editor';
import { Skeleton } from '@/components/ui/skeleton';
import { buttonPrimary, buttonSecondary, textLink } from '@/components/ui/styles';

/* The booking panel's smaller parts (booking-panel-view.tsx places them). */

/**
 * Every cost of the chosen stay from the partner's price specification: what is paid in
 * advance and at the park, and the refundable deposit apart, so nothing appears first at the
 * last step. Where the partner gives no specification before booking, the panel says so.
 *
 * The costs arrive after the page is live, and their first amounts build the browser's number
 * formatter (tens of milliseconds on a phone). They are rendered as a deferred update, which
 * React does in slices that give way to the guest's taps; the loading lines stay until then.
 */
export function StayCosts({
  failed,
  quote,
  onRetry,
}: {
  failed: boolean;
  quote: StayQuote | undefined;
  onRetry: () => void;
}) {
  const t = useTranslations('house.booking');
  const locale = toLocale(useLocale());
  const data = useDeferredValue(quote);
  if (failed) {
    return (
      <div className="text-sm text-slate-800">
        <p>{t('costsError')}</p>
        <button type="button" className={cx(textLink, 'min-h-11')} onClick={onRetry}>
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
 * bottom of a phone's screen, a card that follows the page on a desktop, held at the top or the
 * bottom of the screen while the panel's own book button is out of view above or below. The page
 * scrolls a focused element clear of it (app/globals.css), so it never covers the keyboard focus.
 */
export function StickyBookingBar({
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
      className="z-30 border-slate-200 bg-white max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:border-t max-lg:px-4 max-lg:py-3 max-lg:shadow-[0_-2px_8px_rgba(15,23,42,0.08)] lg:sticky lg:top-4 lg:bottom-4 lg:mt-4 lg:rounded-xl lg:border lg:p-4 lg:shadow-sm"
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
export function Suggestion({ text, onChoose }: { text: ReactNode; onChoose: () => void }) {
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

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations('house.booking');
  const busy = error instanceof SiteApiError && error.busy;
  return (
    <Notice tone={busy ? 'warning' : 'error'} className="mt-3" role="alert">
      <p>{busy ? t('busy') : t('loadError')}</p>
      <button type="button" className={cx(buttonSecondary, 'mt-2')} onClick={onRetry}>
        {t('retry')}
      </button>
    </Notice>
  );
}

export function PartyDisclosure({ party, onChange }: { party: Party; onChange: (party: Party) => void }) {
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
