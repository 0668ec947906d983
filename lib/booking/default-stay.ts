/**
 * The stay the partner prices when the guest gives no dates: 2 nights, unless the park's minimum
 * stay for that arrival day is longer, in which case the stay lasts that minimum. Pages state
 * the default, and say why a stay shown without dates is longer.
 */

/** The partner's stay length when no dates are given. */
export const DEFAULT_STAY_NIGHTS = 2;

export interface DefaultStaySummary {
  defaultNights: number;
  /** How many of the stays are longer than the default (each park's minimum stay). */
  longer: number;
}

/** What a list of stays priced without dates says about the default length. */
export function summarizeDefaultStays(stays: readonly { nights: number }[]): DefaultStaySummary {
  return {
    defaultNights: DEFAULT_STAY_NIGHTS,
    longer: stays.filter((stay) => stay.nights > DEFAULT_STAY_NIGHTS).length,
  };
}

/** Whether one stay priced without dates lasts longer than the default (the park's minimum). */
export function isLongerThanDefault(stay: { nights: number }): boolean {
  return stay.nights > DEFAULT_STAY_NIGHTS;
}
