import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/booking/dates';
import { parseCriteria } from '@/lib/booking/deep-link';
import { buildEmbedSearchUrl, validateEmbedForm, type EmbedFormValues } from './search-link';

const TODAY = '2026-05-20';
const party = (changes: Partial<EmbedFormValues['party']> = {}): EmbedFormValues['party'] => ({
  adults: '2',
  child0002: '0',
  child0304: '0',
  child0512: '0',
  child1317: '0',
  pets: '0',
  ...changes,
});

describe('validateEmbedForm', () => {
  it('accepts no dates, or a stay from tomorrow on', () => {
    expect(validateEmbedForm({ startDate: '', endDate: '', party: party() }, TODAY).errors).toEqual({});
    expect(validateEmbedForm({ startDate: '2026-05-21', endDate: '2026-05-28', party: party() }, TODAY).errors).toEqual({});
  });

  it.each([
    [{ startDate: '2026-05-20', endDate: '2026-05-22' }, { startDate: 'startTooEarly' }],
    [{ startDate: '2026-05-25', endDate: '2026-05-25' }, { endDate: 'endBeforeStart' }],
    [{ startDate: '2026-05-25', endDate: '2026-05-24' }, { endDate: 'endBeforeStart' }],
    [{ startDate: '2026-05-25', endDate: addDays('2026-05-25', 29) }, { endDate: 'stayTooLong' }],
    [{ startDate: '2026-05-25', endDate: '' }, { endDate: 'endRequired' }],
    [{ startDate: '', endDate: '2026-05-25' }, { startDate: 'startRequired' }],
    [{ startDate: '2027-12-01', endDate: '2027-12-03' }, { startDate: 'startTooLate' }],
    [{ startDate: '2026-02-30', endDate: '' }, { startDate: 'invalidDate' }],
  ])('refuses the dates %o with %o', (dates, errors) => {
    expect(validateEmbedForm({ ...dates, party: party() }, TODAY).errors).toEqual(errors);
  });

  it('refuses counts outside the limits, decimals and too many persons', () => {
    expect(validateEmbedForm({ startDate: '', endDate: '', party: party({ adults: '0', pets: '1.5', child0002: '11' }) }, TODAY).errors).toEqual({
      adults: 'count',
      pets: 'count',
      child0002: 'count',
    });
    expect(validateEmbedForm({ startDate: '', endDate: '', party: party({ adults: '16', child1317: '5' }) }, TODAY).errors).toEqual({
      adults: 'tooManyPersons',
    });
  });
});

describe('buildEmbedSearchUrl', () => {
  it('sends the guest to the site search with the stay, the party and the campaign tags, which the site takes unchanged', () => {
    const { party: chosen } = validateEmbedForm({ startDate: '', endDate: '', party: party({ adults: '3', child0512: '1', pets: '1' }) }, TODAY);
    const url = new URL(
      buildEmbedSearchUrl(
        {
          origin: 'https://houses.example',
          locale: 'nl',
          houseType: '4',
          park: ' 12 ',
          campaign: { utm_source: 'partner.example', utm_medium: 'search-box', utm_campaign: 'spring', cid: 'p-42' },
        },
        { startDate: '2026-06-01', endDate: '2026-06-08' },
        chosen,
      ),
    );
    expect(url.origin + url.pathname).toBe('https://houses.example/nl/search');
    expect(url.search).toBe(
      '?startDate=2026-06-01&endDate=2026-06-08&adults=3&child0512=1&pets=1&type=4&park=12&utm_source=partner.example&utm_medium=search-box&utm_campaign=spring&cid=p-42',
    );
    const parsed = parseCriteria(url.searchParams, { today: TODAY });
    expect(parsed.issues).toEqual([]);
    expect(parsed.explicit).toEqual({ dates: true, party: true });
  });

  it('leaves out ids that are not positive whole numbers and campaign tags that are not safe', () => {
    const { party: chosen } = validateEmbedForm({ startDate: '', endDate: '', party: party() }, TODAY);
    const url = buildEmbedSearchUrl(
      { origin: 'https://houses.example', locale: 'en', houseType: '1; drop', park: '-3', campaign: { utm_source: '"><script>' } },
      { startDate: '', endDate: '' },
      chosen,
    );
    expect(url).toBe('https://houses.example/en/search?adults=2');
  });
});
