'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { formatMoney } from '@/lib/booking/money';
import type { Locale } from '@/lib/i18n/locales';
import { buttonSecondary } from '@/components/ui/styles';

/** The parts of the availability calendar that hold no state: a day's face and the no-script form. */

const PLAIN_DATES = [
  { name: 'startDate', label: 'plainArrival' },
  { name: 'endDate', label: 'plainDeparture' },
] as const;

/**
 * Dates typed in, for a browser without scripts, where the grid cannot change month. Inside
 * noscript: with scripts running it is not there at all.
 */
export function PlainDateForm({ action, fields }: { action: string; fields: [string, string][] }) {
  const t = useTranslations('house.calendar');
  const id = useId();
  // The arrival already picked (while the departure is) stands in its field, ready to keep.
  const party = fields.filter(([name]) => name !== 'startDate');
  const chosen = new Map(fields);
  return (
    <noscript>
      <form method="get" action={action} className="mt-4 space-y-2 border-t border-slate-200 pt-3 text-sm">
        <p className="font-semibold text-slate-900">{t('plainHeading')}</p>
        {party.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} readOnly />
        ))}
        <div className="flex flex-wrap items-end gap-3">
          {PLAIN_DATES.map(({ name, label }) => (
            <label key={name} htmlFor={`${id}-${name}`} className="flex flex-col gap-1">
              {t(label)}
              <input
                id={`${id}-${name}`}
                type="date"
                name={name}
                required={name === 'startDate'}
                defaultValue={chosen.get(name)}
                className="min-h-11 rounded-lg border border-slate-400 px-2"
              />
            </label>
          ))}
          <button type="submit" className={buttonSecondary}>
            {t('plainSubmit')}
          </button>
        </div>
      </form>
    </noscript>
  );
}

/**
 * A day's number over a line for the stay's total from that day (rounded, the lowest of the month
 * in bold). The line is there on every day, priced or not, so a price arriving moves no number.
 * The day's button lays the two out (the calendar-day class), so the face adds one element only.
 */
export function DayFace({
  day,
  total,
  cheapest,
  pending,
  locale,
}: {
  day: number;
  total: number | undefined;
  cheapest: boolean;
  pending: boolean;
  locale: Locale;
}) {
  return (
    <>
      {day}
      <span className="calendar-day-price" data-cheapest={cheapest || undefined}>
        {total !== undefined ? (
          formatMoney(Math.round(total), locale, { hideZeroCents: true })
        ) : pending ? (
          <span aria-hidden="true">…</span>
        ) : null}
      </span>
    </>
  );
}
