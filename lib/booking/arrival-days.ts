import { addDays, getWeekday, isCalendarDate, type CalendarDate, type IsoWeekday } from './dates';

/**
 * Parks take arrivals on set weekdays, which change with the season (Monday and Friday in spring,
 * Friday only in high summer). The partner says so only through its list of arrival days, so the
 * weekdays a park takes around a day are read from that list: the weeks on either side of the day.
 */
const AROUND_DAYS = 28;

export interface ArrivalDayAdvice {
  /** The weekdays the list has arrivals on around the day, Monday (1) first. */
  weekdays: IsoWeekday[];
  /** The nearest listed arrival before the day, and after it, where the list has one. */
  before?: CalendarDate;
  after?: CalendarDate;
}

/**
 * Why an arrival the partner does not list is not taken, when the reason is its weekday: the
 * list has arrivals around it, none on its weekday. Null when the weekday is not the reason (the
 * list has arrivals on it, so the house is booked then) or the list says too little around it.
 */
export function adviseArrivalDay(
  requested: CalendarDate,
  availableStartDates: readonly CalendarDate[],
): ArrivalDayAdvice | null {
  const listed = availableStartDates.filter(isCalendarDate).toSorted();
  const from = addDays(requested, -AROUND_DAYS);
  const to = addDays(requested, AROUND_DAYS);
  const around = listed.filter((date) => date >= from && date <= to);
  if (around.length < 2) return null;
  const weekdays = [...new Set(around.map(getWeekday))].toSorted((a, b) => a - b);
  if (weekdays.includes(getWeekday(requested))) return null;
  const before = listed.findLast((date) => date < requested);
  const after = listed.find((date) => date > requested);
  return { weekdays, ...(before ? { before } : {}), ...(after ? { after } : {}) };
}
