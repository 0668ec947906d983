import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/booking/dates';
import { MAX_STAY_NIGHTS, parseCriteria } from '@/lib/booking/deep-link';
import {
  DEFAULT_PARTY,
  MAX_PERSONS,
  PARTY_FIELDS,
  PARTY_LIMITS,
  countPersons,
  type Party,
} from '@/lib/booking/party';
import { LOCALES } from '@/lib/i18n/locales';
import { CAMPAIGN_PARAMS, MAX_CAMPAIGN_TAG_LENGTH, normalizeCampaignTag } from '@/lib/attribution/campaign-rule';
import { readSiteLink } from './link-check';
import {
  buildEmbedSnippet,
  buildPartnerLink,
  checkPartnerLinkOptions,
  type PartnerLinkOptions,
} from './partner-link';

const TODAY = '2026-03-10';
const ORIGIN = 'https://houses.example';

const partyArb = fc
  .record(
    Object.fromEntries(PARTY_FIELDS.map((f) => [f, fc.integer(PARTY_LIMITS[f])])) as Record<
      keyof Party,
      fc.Arbitrary<number>
    >,
  )
  .filter((party) => countPersons(party) <= MAX_PERSONS);
const tagArb = fc.option(fc.stringMatching(/^[a-z0-9][a-z0-9 ._~+\-/:]{0,40}$/), { nil: undefined });

const optionsArb: fc.Arbitrary<PartnerLinkOptions> = fc.record({
  origin: fc.constant(ORIGIN),
  locale: fc.constantFrom(...LOCALES),
  page: fc.constantFrom('search' as const, 'house' as const, 'park' as const),
  targetId: fc.integer({ min: 1, max: 99_999 }),
  stay: fc.option(
    fc
      .tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: MAX_STAY_NIGHTS }))
      .map(([offset, nights]) => ({
        startDate: addDays(TODAY, offset),
        endDate: addDays(TODAY, offset + nights),
      })),
    { nil: null },
  ),
  party: partyArb,
  houseType: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  campaign: fc.record({ utm_source: tagArb, utm_medium: tagArb, utm_campaign: tagArb, cid: tagArb }),
});

describe('buildPartnerLink', () => {
  it('makes links the site reads without a single correction, with the chosen stay, party and tags', () => {
    fc.assert(
      fc.property(optionsArb, (options) => {
        expect(checkPartnerLinkOptions(options, TODAY)).toEqual([]);
        const link = buildPartnerLink(options);
        const read = readSiteLink(link, ORIGIN);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        // A park link is the search filtered by the park.
        expect(read.link.page).toBe(options.page === 'park' ? 'search' : options.page);
        expect(read.link.locale).toBe(options.locale);
        const parsed = parseCriteria(read.link.params, { today: TODAY });
        expect(parsed.issues).toEqual([]);
        expect(parsed.explicit).toEqual({ dates: options.stay !== null, party: true });
        for (const field of PARTY_FIELDS) expect(parsed.criteria[field]).toBe(options.party[field]);
        if (options.stay)
          expect([parsed.criteria.startDate, parsed.criteria.endDate]).toEqual([
            options.stay.startDate,
            options.stay.endDate,
          ]);
        expect(parsed.criteria.type).toBe(options.page === 'house' ? undefined : options.houseType);
        expect(parsed.criteria.park).toBe(options.page === 'park' ? options.targetId : undefined);
        for (const param of CAMPAIGN_PARAMS) {
          expect(read.link.params.get(param) ?? undefined).toBe(options.campaign[param]?.trim() || undefined);
        }
      }),
    );
  });

  it('writes the criteria in the deep-link order, then the campaign tags', () => {
    const link = buildPartnerLink({
      origin: `${ORIGIN}/`,
      locale: 'nl',
      page: 'search',
      stay: { startDate: '2026-04-03', endDate: '2026-04-10' },
      party: { ...DEFAULT_PARTY, child0512: 1 },
      houseType: 4,
      campaign: { utm_campaign: 'spring sale', utm_source: 'news', cid: 'A-7' },
    });
    expect(link).toBe(
      'https://houses.example/nl/search?startDate=2026-04-03&endDate=2026-04-10&adults=2&child0512=1&type=4&utm_source=news&utm_campaign=spring+sale&cid=A-7',
    );
  });

  it('links a house page by its id without a house type, and a park as the search filtered by it', () => {
    const base = { origin: ORIGIN, locale: 'de' as const, party: DEFAULT_PARTY, houseType: 3, campaign: {} };
    expect(buildPartnerLink({ ...base, page: 'house', targetId: 1001 })).toBe(
      `${ORIGIN}/de/houses/1001?adults=2`,
    );
    expect(buildPartnerLink({ ...base, page: 'park', targetId: 7 })).toBe(
      `${ORIGIN}/de/search?adults=2&type=3&park=7`,
    );
  });
});

describe('checkPartnerLinkOptions', () => {
  const valid: PartnerLinkOptions = {
    origin: ORIGIN,
    locale: 'en',
    page: 'search',
    party: { ...DEFAULT_PARTY },
    campaign: {},
  };
  it.each([
    [{ page: 'house' as const }, 'target_required'],
    [{ stay: { startDate: '2026-03-09', endDate: '2026-03-12' } }, 'start_in_past'],
    [{ stay: { startDate: TODAY, endDate: addDays(TODAY, 2) } }, 'start_in_past'],
    [{ stay: { startDate: '2026-03-12', endDate: '2026-03-12' } }, 'end_before_start'],
    [
      { stay: { startDate: '2026-03-12', endDate: addDays('2026-03-12', MAX_STAY_NIGHTS + 1) } },
      'stay_too_long',
    ],
    [{ stay: { startDate: '2026-02-30', endDate: '2026-03-12' } }, 'invalid_dates'],
    [{ party: { ...DEFAULT_PARTY, adults: 0 } }, 'invalid_party'],
    [{ party: { ...DEFAULT_PARTY, adults: 16, child1317: 5 } }, 'invalid_party'],
    [{ houseType: 0 }, 'invalid_house_type'],
    [{ campaign: { utm_source: '<script>' } }, 'invalid_utm_source'],
    [{ campaign: { cid: 'x'.repeat(MAX_CAMPAIGN_TAG_LENGTH + 1) } }, 'invalid_cid'],
  ])('refuses %o with %s', (change, problem) => {
    expect(checkPartnerLinkOptions({ ...valid, ...change }, TODAY)).toEqual([problem]);
  });
});

describe('campaign tags', () => {
  it('keeps letters, digits and separators, treats blank as unset, and refuses markup, quotes and line breaks', () => {
    expect(normalizeCampaignTag('  Zomer 2026 ')).toBe('Zomer 2026');
    expect(normalizeCampaignTag('   ')).toBeUndefined();
    for (const bad of ['a"b', "a'b", 'a<b', 'a\nb', '-lead', 'a&b=c'])
      expect(normalizeCampaignTag(bad)).toBeNull();
  });
});

describe('buildEmbedSnippet', () => {
  it('escapes every attribute value and names the script on the site origin', () => {
    const snippet = buildEmbedSnippet({
      origin: ORIGIN,
      locale: 'fr',
      houseType: 3,
      parkId: 12,
      campaign: { utm_campaign: 'été 2026', cid: 'x"y' },
      accentColor: '#aa3300',
    });
    expect(snippet).toBe(
      `<script src="${ORIGIN}/embed/search.js" defer></script>\n<holiday-search locale="fr" house-type="3" park="12" campaign="été 2026" accent-color="#aa3300"></holiday-search>`,
    );
  });
});
