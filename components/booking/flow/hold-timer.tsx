'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { SITE_HOLD_MINUTES, readHoldSetBy, type HoldSetBy } from '@/lib/booking/hold-rule';
import type { Locale } from '@/lib/i18n/locales';
import { plainSpaces } from './plain-spaces';

const TIME_FORMAT: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

/**
 * The time a hold lapses. In the browser, on the guest's own clock: a guest in London or New York
 * must not read Amsterdam's time as theirs. The server cannot know the guest's zone, so the page
 * as first sent says the time in the parks' zone and names it, until the browser takes over.
 */
export function holdTime(expiresAt: number, locale: Locale, inBrowser: boolean): string {
  return plainSpaces(
    new Intl.DateTimeFormat(TIME_FORMAT[locale], {
      hour: '2-digit',
      minute: '2-digit',
      ...(inBrowser ? {} : { timeZone: 'Europe/Amsterdam', timeZoneName: 'short' }),
    }).format(expiresAt),
  );
}

/**
 * How long the stay is held, and whose rule that is; calls `onExpire` once when the time is up.
 * Only an expiry the partner's answer named is the park's: otherwise the time is the site's own
 * limit, and the text says the site keeps the stay, never that the park does.
 */
export function HoldTimer({
  expiresAt,
  setBy,
  locale,
  onExpire,
}: {
  expiresAt: number;
  /** Absent reads as the site's own limit. */
  setBy?: HoldSetBy | undefined;
  locale: Locale;
  onExpire: () => void;
}) {
  const t = useTranslations('booking.hold');
  const [now, setNow] = useState<number | null>(null);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = window.setInterval(tick, 15_000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (now === null) return;
    const left = expiresAt - now;
    if (left <= 0) {
      onExpire();
      return;
    }
    // Wake exactly at the end too, not up to 15 s late.
    const timer = window.setTimeout(() => setNow(Date.now()), left + 50);
    return () => window.clearTimeout(timer);
  }, [now, expiresAt, onExpire]);

  const time = holdTime(expiresAt, locale, now !== null);
  const minutes = now === null ? null : Math.max(0, Math.ceil((expiresAt - now) / 60_000));
  const park = readHoldSetBy(setBy) === 'partner';
  return (
    <p className="text-sm text-slate-700" data-testid="hold-timer">
      {park
        ? minutes === null
          ? t('until', { time })
          : t('untilWithMinutes', { time, minutes })
        : minutes === null
          ? t('siteUntil', { time, limit: SITE_HOLD_MINUTES })
          : t('siteUntilWithMinutes', { time, minutes, limit: SITE_HOLD_MINUTES })}
    </p>
  );
}
