import 'server-only';
import type { CalendarDate } from '@/lib/booking/dates';
import { getParty, type SearchCriteria } from '@/lib/booking/deep-link';
import type { ParkHouse } from '@/lib/booking/types';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { getActiveHouses, getHouse, getParks } from '@/lib/partner-api';
import { isPartnerError } from '@/lib/partner-api/errors';
import { getPartyProblem, offersArrival, type PartyProblem } from '@/lib/pages/house-stay';
import { findPark } from '@/lib/pages/park';
import { loadSearchPage } from '@/lib/pages/search';
import { readLinkCriteria, type LinkReading, type SiteLink } from './link-check';
import { buildPartnerLink } from './partner-link';

/**
 * The live part of a link check: what the page the link opens would find at the partner now.
 * It makes the reads that page itself makes for a guest with this link (the same operations and
 * arguments, so the same cache entries) and no other: checking a link never costs the partner
 * more than one guest following it, and usually nothing, since the answers are cached.
 * A read that fails (the partner busy) leaves its part `unknown` instead of failing the check.
 */

export type HouseStayStatus =
  | 'bookable'
  | 'arrival_unavailable'
  | 'departure_unavailable'
  | 'no_availability'
  | 'dates_rejected'
  | 'party_does_not_fit'
  | 'unknown';

export type TargetCheck =
  | {
      kind: 'house';
      status: 'active' | 'inactive' | 'unknown';
      name?: string;
      stay: HouseStayStatus;
      partyProblem?: PartyProblem;
      firstArrival?: CalendarDate;
    }
  | { kind: 'park'; status: 'known' | 'unknown_park' | 'unknown'; name?: string }
  | { kind: 'search'; status: 'found' | 'none' | 'unknown'; count?: number };

export interface LinkCheck extends Omit<LinkReading, 'criteria'> {
  page: SiteLink['page'];
  locale: SiteLink['locale'];
  targetId?: number;
  criteria: SearchCriteria;
  /** The link as the site will read it, with its corrections made; absent when it needs none. */
  correctedLink?: string;
  target: TargetCheck;
  /** Some answer came from the cache because the partner could not give a fresh one. */
  stale: boolean;
}

async function checkHouse(link: SiteLink, reading: LinkReading): Promise<{ target: TargetCheck; stale: boolean }> {
  const houseId = link.targetId!;
  const active = await getActiveHouses(DEFAULT_LOCALE).catch(() => [] as ParkHouse[]);
  const listed = active.find((house) => house.id === houseId);
  if (active.length > 0 && !listed) return { target: { kind: 'house', status: 'inactive', stay: 'unknown' }, stale: false };
  const party = getParty(reading.criteria);
  const stay = reading.explicit.dates ? { startDate: reading.criteria.startDate, endDate: reading.criteria.endDate } : {};
  try {
    const { data: house, stale } = await getHouse(houseId, { ...stay, party }, link.locale);
    const partyProblem = getPartyProblem(party, house) ?? undefined;
    let status: HouseStayStatus;
    if (partyProblem) status = 'party_does_not_fit';
    else if (stay.startDate === undefined) status = house.availableStartDates.length > 0 ? 'bookable' : 'no_availability';
    else if (!offersArrival(house, { startDate: stay.startDate, endDate: stay.endDate })) status = 'arrival_unavailable';
    else status = house.selectedPeriod ? 'bookable' : 'departure_unavailable';
    return {
      target: {
        kind: 'house',
        status: 'active',
        name: house.name,
        stay: status,
        ...(partyProblem ? { partyProblem } : {}),
        ...(house.availableStartDates[0] ? { firstArrival: house.availableStartDates[0] } : {}),
      },
      stale,
    };
  } catch (err) {
    if (isPartnerError(err) && err.code === 'not_found') {
      return { target: { kind: 'house', status: 'inactive', stay: 'unknown' }, stale: false };
    }
    if (isPartnerError(err) && err.code === 'invalid_input' && stay.startDate !== undefined) {
      return { target: { kind: 'house', status: 'active', ...(listed ? { name: listed.name } : {}), stay: 'dates_rejected' }, stale: false };
    }
    if (!isPartnerError(err)) throw err;
    return {
      target: { kind: 'house', status: listed ? 'active' : 'unknown', ...(listed ? { name: listed.name } : {}), stay: 'unknown' },
      stale: false,
    };
  }
}

/** The park page's own reads: the park list, and the park by its id when the list names none. */
async function checkPark(link: SiteLink): Promise<TargetCheck> {
  const parkId = link.targetId!;
  try {
    const parks = await getParks(link.locale);
    const park = await findPark(parkId, parks, link.locale);
    if (!park) return { kind: 'park', status: 'unknown_park' };
    return { kind: 'park', status: 'known', ...(park.name ? { name: park.name } : {}) };
  } catch (err) {
    if (!isPartnerError(err)) throw err;
    return { kind: 'park', status: 'unknown' };
  }
}

/**
 * A search link: the search page's own loader, so the corrections (an unknown house type or
 * park included), the park filter and the partner reads are exactly the page's.
 */
async function checkSearch(link: SiteLink, reading: LinkReading, today: CalendarDate) {
  const page = await loadSearchPage(link.params, link.locale, today);
  const found = page.answer.ok && page.answer.data.kind === 'found' ? page.answer.data : null;
  const target: TargetCheck = found
    ? { kind: 'search', status: found.results.count > 0 ? 'found' : 'none', count: found.results.count }
    : { kind: 'search', status: page.answer.ok ? 'none' : 'unknown' };
  const corrected: LinkReading = { ...reading, criteria: page.criteria, issues: page.issues, explicit: page.explicit };
  return { target, stale: found?.stale ?? false, reading: corrected };
}

export async function checkSiteLink(link: SiteLink, siteOrigin: string, today: CalendarDate): Promise<LinkCheck> {
  let reading = readLinkCriteria(link, today);
  let target: TargetCheck;
  let stale = false;
  if (link.page === 'house') ({ target, stale } = await checkHouse(link, reading));
  else if (link.page === 'park') target = await checkPark(link);
  else ({ target, stale, reading } = await checkSearch(link, reading, today));

  const needsCorrection = reading.issues.length > 0 || reading.campaign.invalid.length > 0;
  const correctedLink = needsCorrection
    ? buildPartnerLink({
        origin: siteOrigin,
        locale: link.locale,
        page: link.page,
        targetId: link.targetId,
        stay: reading.explicit.dates ? { startDate: reading.criteria.startDate!, endDate: reading.criteria.endDate! } : null,
        party: getParty(reading.criteria),
        houseType: reading.criteria.type,
        parkId: reading.criteria.park,
        campaign: reading.campaign.tags,
      })
    : undefined;
  return {
    page: link.page,
    locale: link.locale,
    ...(link.targetId !== undefined ? { targetId: link.targetId } : {}),
    ...reading,
    ...(correctedLink ? { correctedLink } : {}),
    target,
    stale,
  };
}
