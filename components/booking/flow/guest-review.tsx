'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { buttonSecondary, card } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useFlow } from './flow-context';
import { fullName } from './flow-storage';
import { loadValidGuest } from './valid-guest';

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The guest's details as this browser holds them (the same ones the hold was placed with), shown
 * back before "Book now" so a typo in the e-mail address is caught while it can still be fixed.
 * They are read from this tab's storage only: the page from the server never carries them.
 * Nothing shows until the details pass the form's rules.
 */
export function GuestReview() {
  const t = useTranslations('booking');
  const { data, goTo, navigating } = useFlow();
  const headingId = useId();
  const inBrowser = useHydrated();
  const guest = useMemo(() => (inBrowser ? loadValidGuest() : null), [inBrowser]);
  if (!guest) return null;

  const rows: { label: string; value: string }[] = [
    { label: t('guest.nameHeading'), value: fullName(guest) },
    {
      label: t('guest.addressHeading'),
      value: `${guest.street} ${guest.houseNumber}, ${guest.postcode} ${guest.city}`,
    },
    { label: t('guest.country'), value: countryName(guest.country, data.locale) },
    { label: t('guest.email'), value: guest.email },
    { label: t('guest.phone'), value: guest.phone },
  ];
  if (guest.mobile) rows.push({ label: t('guest.mobile'), value: guest.mobile });

  return (
    <section aria-labelledby={headingId} className={cx(card, 'space-y-3 p-4')} data-testid="guest-review">
      <h3 id={headingId} className="text-base font-semibold">
        {t('overview.guestHeading')}
      </h3>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium text-slate-600">{row.label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{row.value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={buttonSecondary} onClick={() => goTo('guest')} disabled={navigating}>
        {t('overview.guestEdit')}
      </button>
    </section>
  );
}
