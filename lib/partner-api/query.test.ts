import { describe, expect, it } from 'vitest';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { toSearchQuery, toSelectionModel, toStayQuery } from './query';
import { PriceQuoteModelSchema } from './schemas';

describe('toSearchQuery', () => {
  const criteria: SearchCriteria = {
    startDate: '2026-07-10',
    endDate: '2026-07-12',
    ...DEFAULT_PARTY,
    child0512: 2,
    pets: 1,
    type: 5,
  };

  it('uses the partner names, pets as animalNr, every count sent', () => {
    expect(toSearchQuery(criteria)).toEqual({
      startDate: '2026-07-10',
      endDate: '2026-07-12',
      adults: 2,
      child0002: 0,
      child0304: 0,
      child0512: 2,
      child1317: 0,
      animalNr: 1,
      houseTypeId: 5,
    });
  });

  it('sends the house type as the partner’s search takes it, when told', () => {
    expect(toSearchQuery(criteria, 'Villa').houseTypeId).toBe('Villa');
  });

  it('sends no dates for the default stay', () => {
    const query = toSearchQuery({ ...DEFAULT_PARTY });
    expect(query).not.toHaveProperty('startDate');
    expect(query).not.toHaveProperty('endDate');
    expect(query).not.toHaveProperty('houseTypeId');
  });
});

describe('toStayQuery', () => {
  it('writes the stay as calendar dates and the party under the partner names', () => {
    expect(toStayQuery({ startDate: '2026-07-10', endDate: '2026-07-12' }, { ...DEFAULT_PARTY, pets: 2 })).toEqual({
      startDate: '2026-07-10',
      endDate: '2026-07-12',
      adults: 2,
      child0002: 0,
      child0304: 0,
      child0512: 0,
      child1317: 0,
      animalNr: 2,
    });
  });
});

describe('toSelectionModel', () => {
  const selection = {
    houseId: 7,
    startDate: '2026-07-10',
    endDate: '2026-07-12',
    party: { ...DEFAULT_PARTY, child0304: 1, pets: 1 },
    preferenceIds: [3],
    services: [{ id: 501, quantity: 2, date: '2026-07-11' }],
  };

  it('is a price quote the partner schema accepts, with calendar dates (the profile formats them at the wire)', () => {
    const model = PriceQuoteModelSchema.parse(toSelectionModel(selection));
    expect(model).toMatchObject({
      houseID: 7,
      startDate: '2026-07-10',
      endDate: '2026-07-12',
      child0304: 1,
      animalNr: 1,
      unitId: null,
      preferences: [3],
      extraServices: [{ id: 501, quantity: 2, date: '2026-07-11' }],
      cancellationFund: false,
    });
  });
});
