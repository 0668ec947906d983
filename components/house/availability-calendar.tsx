'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  addMonths,
  buildMonthGrid,
  canShowNextMonth,
  canShowPreviousMonth,
  getLastShownDate,
  getMonthBounds,
  getMonthOf,
  type MonthKey,
} from '@/lib/booking/calendar';
import { MAX_STAY_NIGHTS } from '@/lib/booking/deep-link';
import { addDays, getDaysInMonth, getWeekday, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { formatDate } from '@/lib/booking/date-format';
import { formatMoney } from '@/lib/booking/money';
import { getMonthLabels, type MonthLabels } from '@/lib/booking/month-labels';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { iconButton } from '@/components/ui/styles';
import { toLocale } from '@/components/ui/locale';
import { DayFace, PlainDateForm } from './calendar-parts';

/** The total of a stay of `nights` nights from each arrival day the calendar has a price for. */
export interface DayPrices {
  nights: number;
  totals: ReadonlyMap<CalendarDate, number>;
  cheapest: CalendarDate | null;
  /** Arrival days still being priced: they show a placeholder until their total comes. */
  pending: ReadonlySet<CalendarDate>;
  /** Some days could not be priced by the calendar's quick asks: the caption says so, and no lowest day. */
  missing: boolean;
}

export interface AvailabilityCalendarProps {
  month: MonthKey;
  onMonthChange: (month: MonthKey) => void;
  today: CalendarDate;
  /** Whether a day may be clicked in the current step (arrival or departure). */
  isDayEnabled: (date: CalendarDate) => boolean;
  /**
   * Whether an enabled day is an arrival the partner has not listed, which its answer still has to
   * confirm once picked. Drawn with a dashed border and named so.
   */
  isDayToCheck?: ((date: CalendarDate) => boolean) | undefined;
  range: Partial<StayDates>;
  onPick: (date: CalendarDate) => void;
  /** What a click on an enabled day chooses, for the day's accessible name. */
  step: 'arrival' | 'departure';
  busy?: boolean;
  /**
   * The server's words for the month the calendar opens on. Shown as they came, so the browser
   * builds no date formatter while the page comes to life; other months are written here.
   */
  labels?: MonthLabels | undefined;
  /**
   * Where a day picked before the scripts run, or without them, goes: the page's own address with
   * these fields (the party, and the arrival while the departure is picked). The days are then
   * submit buttons of a GET form, and a plain date form is offered for other months.
   */
  plain?: { action: string; fields: [string, string][] } | undefined;
  /** Prices under the arrival days, while an arrival is picked. */
  prices?: DayPrices | undefined;
}

/** The month's longest day name, for the room the prices caption keeps. */
function longestDay(labels: MonthLabels): string {
  return Object.values(labels.days).reduce((longest, name) => (name.length > longest.length ? name : longest), '');
}

function clampDate(date: CalendarDate, min: CalendarDate, max: CalendarDate): CalendarDate {
  return date < min ? min : date > max ? max : date;
}

function shiftMonth(date: CalendarDate, count: number): CalendarDate {
  const month = addMonths(getMonthOf(date), count);
  const [year, m] = month.split('-').map(Number) as [number, number];
  const day = Math.min(Number(date.slice(8, 10)), getDaysInMonth(year, m));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * A month grid of stay days (the date-picker grid pattern): one day is in the tab order, the
 * arrow keys, Home/End and Page Up/Down move between days and months, Enter or Space picks.
 * Days that cannot be picked stay focusable but are marked aria-disabled.
 */
export function AvailabilityCalendar({
  month,
  onMonthChange,
  today,
  isDayEnabled,
  isDayToCheck = () => false,
  range,
  onPick,
  step,
  busy = false,
  labels: openingLabels,
  plain,
  prices,
}: AvailabilityCalendarProps) {
  const t = useTranslations('house.calendar');
  const locale = toLocale(useLocale());
  const headingId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const weeks = buildMonthGrid({
    month,
    today,
    range,
    fixedWeeks: true,
    isDisabled: (d) => !isDayEnabled(d),
  });
  const days = weeks.flat().filter((d) => d.inMonth);
  const preferred =
    days.find((d) => d.isRangeStart) ??
    days.find((d) => !d.disabled) ??
    days.find((d) => d.isToday) ??
    days[0];
  const [focused, setFocused] = useState<CalendarDate | undefined>(undefined);
  const active = focused !== undefined && getMonthOf(focused) === month ? focused : preferred?.date;
  const labels = useMemo(
    () => (openingLabels?.month === month ? openingLabels : getMonthLabels(month, locale)),
    [openingLabels, month, locale],
  );
  const shortNames = labels.weekdays.short;
  const longNames = labels.weekdays.long;
  const firstDay = `${getMonthBounds(today).first}-01`;
  const lastDay = getLastShownDate(today);

  const dayButton = (date: CalendarDate) =>
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);

  useEffect(() => {
    if (!moveFocus.current || !active) return;
    moveFocus.current = false;
    dayButton(active)?.focus();
  }, [active, month]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    // The day the key was pressed on. Focus can reach a day while the page is still loading its
    // scripts, when no focus handler runs, so the focused element is read rather than the state.
    const from =
      (event.target instanceof HTMLElement ? event.target.closest('button')?.dataset.date : undefined) ??
      active;
    if (!from) return;
    const weekday = getWeekday(from);
    const targets: Record<string, () => CalendarDate> = {
      ArrowLeft: () => addDays(from, -1),
      ArrowRight: () => addDays(from, 1),
      ArrowUp: () => addDays(from, -7),
      ArrowDown: () => addDays(from, 7),
      Home: () => addDays(from, 1 - weekday),
      End: () => addDays(from, 7 - weekday),
      PageUp: () => shiftMonth(from, -1),
      PageDown: () => shiftMonth(from, 1),
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    const next = clampDate(target(), firstDay, lastDay);
    setFocused(next);
    if (getMonthOf(next) === month) {
      dayButton(next)?.focus();
    } else {
      // The day is drawn once the month has changed; the effect above focuses it then.
      moveFocus.current = true;
      onMonthChange(getMonthOf(next));
    }
  };

  const toCheck = (date: CalendarDate, enabled: boolean) => enabled && isDayToCheck(date);
  const anyToCheck = !busy && days.some((d) => !d.disabled && isDayToCheck(d.date));

  const priceOf = (date: CalendarDate, enabled: boolean) =>
    enabled && step === 'arrival' ? prices?.totals.get(date) : undefined;

  const dayLabel = (date: CalendarDate, enabled: boolean, start: boolean, end: boolean) => {
    const parts = [labels.days[date] ?? formatDate(date, locale, 'full')];
    const total = priceOf(date, enabled);
    if (total !== undefined && prices) {
      parts.push(t('dayPrice', { price: formatMoney(total, locale), nights: prices.nights }));
      if (date === prices.cheapest) parts.push(t('cheapestDay'));
    }
    if (start) parts.push(t('chosenArrival'));
    if (end) parts.push(t('chosenDeparture'));
    if (!start && !end)
      parts.push(
        toCheck(date, enabled)
          ? t('canCheck')
          : enabled
            ? t(step === 'arrival' ? 'canArrive' : 'canDepart')
            : t('unavailable'),
      );
    return parts.join(', ');
  };

  return (
    <div aria-busy={busy || undefined}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className={iconButton}
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canShowPreviousMonth(month, today)}
          aria-label={t('previousMonth')}
        >
          <ChevronLeftIcon />
        </button>
        <h3 id={headingId} className="text-base font-semibold text-slate-950 capitalize" aria-live="polite">
          {labels.title}
        </h3>
        <button
          type="button"
          className={iconButton}
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={!canShowNextMonth(month, today)}
          aria-label={t('nextMonth')}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <form method="get" action={plain?.action} onSubmit={(event) => event.preventDefault()}>
        {plain?.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} readOnly />
        ))}
        <table
          ref={gridRef}
          role="grid"
          aria-labelledby={headingId}
          className="w-full table-fixed border-collapse"
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr>
              {shortNames.map((name, i) => (
                <th
                  key={name}
                  scope="col"
                  abbr={longNames[i]}
                  className="pb-1 text-xs font-semibold text-slate-700"
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.date}>
                {week.map((day) => {
                  if (!day.inMonth) return <td key={day.date} />;
                  const enabled = !day.disabled && !busy;
                  const selected = day.isRangeStart || day.isRangeEnd;
                  return (
                    <td key={day.date} className="p-0.5" aria-selected={selected || undefined}>
                      <button
                        // Without scripts an offered day submits the form; with them the click picks it.
                        type={enabled && plain ? 'submit' : 'button'}
                        name={enabled && plain ? (step === 'arrival' ? 'startDate' : 'endDate') : undefined}
                        value={enabled && plain ? day.date : undefined}
                        data-date={day.date}
                        tabIndex={day.date === active ? 0 : -1}
                        aria-disabled={!enabled || undefined}
                        aria-label={dayLabel(day.date, enabled, day.isRangeStart, day.isRangeEnd)}
                        // The day that has focus, however it got it (pointer, screen reader), is
                        // where the arrow keys move on from and what Tab comes back to.
                        onFocus={() => setFocused(day.date)}
                        onClick={(event) => {
                          event.preventDefault();
                          setFocused(day.date);
                          if (enabled) onPick(day.date);
                        }}
                        // One class for every day, its state as an attribute (globals.css): the
                        // month's 30 buttons then carry a few characters each instead of a hundred.
                        className="calendar-day"
                        data-state={
                          selected
                            ? 'selected'
                            : day.inRange
                              ? 'in-range'
                              : toCheck(day.date, enabled)
                                ? 'to-check'
                                : enabled
                                  ? 'open'
                                  : 'closed'
                        }
                        data-today={day.isToday || undefined}
                      >
                        <DayFace
                          day={day.day}
                          total={priceOf(day.date, enabled)}
                          pending={enabled && step === 'arrival' && (prices?.pending.has(day.date) ?? false)}
                          cheapest={day.date === prices?.cheapest}
                          locale={locale}
                        />
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </form>
      {/*
        Always there, and as high from the first paint as its longest words for this month (the
        longest stay and day name, or the note on days left unpriced, drawn unseen in the same grid
        cell), so the prices arriving move nothing below the calendar on any screen or in any language.
      */}
      <div className="mt-2 grid text-xs text-slate-700">
        <p className="invisible col-start-1 row-start-1" aria-hidden="true">
          {`${t('pricesFor', { nights: MAX_STAY_NIGHTS })} ${t('cheapestOn', { date: longestDay(labels) })}`}
        </p>
        <p className="invisible col-start-1 row-start-1" aria-hidden="true">
          {`${t('pricesFor', { nights: MAX_STAY_NIGHTS })} ${t('pricesMissing')}`}
        </p>
        <p className="col-start-1 row-start-1" data-testid="calendar-prices" aria-live="polite">
          {prices && step === 'arrival' && (prices.totals.size > 0 || prices.pending.size > 0 || prices.missing)
            ? `${t('pricesFor', { nights: prices.nights })}${
                prices.missing
                  ? ` ${t('pricesMissing')}`
                  : prices.cheapest
                    ? // The day's name as the server wrote it: no date formatter while the page comes to life.
                      ` ${t('cheapestOn', { date: labels.days[prices.cheapest] ?? formatDate(prices.cheapest, locale, 'full') })}`
                    : ''
              }`
            : null}
        </p>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="size-4 rounded border border-brand-600 bg-white" /> {t('legendAvailable')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-4 rounded bg-brand-600" /> {t('legendSelected')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="flex size-4 items-center justify-center text-[10px] leading-none text-slate-500">
            9
          </span>{' '}
          {t('legendUnavailable')}
        </li>
        {anyToCheck ? (
          <li className="flex items-center gap-1.5">
            <span className="size-4 rounded border border-dashed border-brand-600 bg-white" />{' '}
            {t('legendToCheck')}
          </li>
        ) : null}
      </ul>
      {plain ? <PlainDateForm action={plain.action} fields={plain.fields} /> : null}
    </div>
  );
}
