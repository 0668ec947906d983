/** Seasons drive both the stay rules (arrival days, minimum nights) and the nightly price. */
import type { ParkDef, Season, StayRule } from './park-data';
import { monthAndDate, weekday, type Day } from './dates';

/** Christmas 18 Dec – 5 Jan, high July–August, mid April–June and September–October, low otherwise. */
export function seasonOf(day: Day): Season {
  const { month, date } = monthAndDate(day);
  if ((month === 12 && date >= 18) || (month === 1 && date <= 5)) return 'christmas';
  if (month === 7 || month === 8) return 'high';
  if ((month >= 4 && month <= 6) || month === 9 || month === 10) return 'mid';
  return 'low';
}

export const SEASON_FACTOR: Readonly<Record<Season, number>> = {
  low: 1,
  mid: 1.2,
  high: 1.55,
  christmas: 1.7,
};

/** The rule of the arrival date's season governs the whole stay. */
export function stayRule(park: ParkDef, arrival: Day): StayRule {
  return park.rules[seasonOf(arrival)];
}

/** The default stay length: the documented 2 nights, or longer where the park requires it. */
export function defaultNights(park: ParkDef, arrival: Day): number {
  return Math.max(2, stayRule(park, arrival).minNights);
}

export function allowsArrival(rule: StayRule, arrival: Day): boolean {
  return (rule.arrivalDays as readonly number[]).includes(weekday(arrival));
}
