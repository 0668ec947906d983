import { describe, expect, it } from 'vitest';
import { getLastBrowsableDate } from '@/lib/booking/calendar';
import { addDays } from '@/lib/booking/dates';
import { MAX_STAY_NIGHTS } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY, MAX_PERSONS, PARTY_FIELDS, PARTY_LIMITS } from '@/lib/booking/party';
import { LOCALES } from '@/lib/i18n/locales';
import { getDateBounds } from '@/components/search/search-form-schema';
import { getDateLimits } from './search-link';
import {
  EMBED_DEFAULT_PARTY,
  EMBED_LOCALES,
  EMBED_MAX_PERSONS,
  EMBED_MAX_STAY_NIGHTS,
  EMBED_PARTY_FIELDS,
  EMBED_PARTY_LIMITS,
} from './site-rules';

describe('the search box keeps the site search rules', () => {
  it('has the same locales, party fields, limits, default party and stay length as the site', () => {
    expect([...EMBED_LOCALES].sort()).toEqual([...LOCALES].sort());
    expect(EMBED_PARTY_FIELDS).toEqual(PARTY_FIELDS);
    expect(EMBED_PARTY_LIMITS).toEqual(PARTY_LIMITS);
    expect(EMBED_DEFAULT_PARTY).toEqual(DEFAULT_PARTY);
    expect(EMBED_MAX_PERSONS).toBe(MAX_PERSONS);
    expect(EMBED_MAX_STAY_NIGHTS).toBe(MAX_STAY_NIGHTS);
  });

  it('offers the same arrival and departure range as the site search form, every day of a leap year', () => {
    for (let day = 0; day < 366; day++) {
      const today = addDays('2027-12-31', day);
      const site = getDateBounds(today);
      const box = getDateLimits(today);
      expect([box.firstArrival, box.lastArrival, box.lastDeparture]).toEqual([site.start.min, site.start.max, site.end.max]);
      expect(box.lastArrival).toBe(getLastBrowsableDate(today));
    }
  });
});
