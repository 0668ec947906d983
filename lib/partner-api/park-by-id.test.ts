import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { replaceGateway } from './gateway';
import { startFakePartner } from './testing/fake-partner';

/**
 * A park asked for by its id, against a loopback server standing in for the partner: the
 * documented park data carries no id, so only an answer of exactly one park can be that park.
 */

let answer: { status: number; body: unknown } = { status: 200, body: [] };
let partner: Awaited<ReturnType<typeof startFakePartner>>;

beforeAll(async () => {
  partner = await startFakePartner((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
});

afterAll(() => partner.close());

beforeEach(() => {
  replaceGateway(undefined);
});

const DOCUMENTED = {
  parkConditions: 'Quiet after 22:00.',
  virtualTourLink: 'https://tour.example/dunes',
  facilities: [{ id: 3, name: 'Pool', keyword: 'pool' }],
};

describe('getParkById', () => {
  it('takes the one park of the answer, with only the documented fields, as the park asked for', async () => {
    answer = { status: 200, body: [DOCUMENTED] };
    const { getParkById } = await import('./index');
    expect(await getParkById(2, 'en')).toEqual({
      id: 2,
      name: '',
      conditions: 'Quiet after 22:00.',
      virtualTourLink: 'https://tour.example/dunes',
      facilities: [{ id: 3, name: 'Pool', keyword: 'pool' }],
      askedById: true,
    });
  });

  it('cannot tell which park is meant when the answer holds several (the parameter ignored)', async () => {
    answer = { status: 200, body: [DOCUMENTED, DOCUMENTED] };
    const { getParkById } = await import('./index');
    expect(await getParkById(2, 'en')).toBeNull();
  });

  it('knows no park when the answer is empty, names another id, or the partner refuses the id', async () => {
    const { getParkById } = await import('./index');
    for (const next of [
      { status: 200, body: [] },
      { status: 200, body: [{ ...DOCUMENTED, id: 3 }] },
      { status: 404, body: { message: 'Park 2 not found' } },
      { status: 400, body: { message: 'Unknown parameter parkId' } },
    ]) {
      answer = next;
      replaceGateway(undefined);
      expect(await getParkById(2, 'en')).toBeNull();
    }
  });

  it('fails, rather than answer "no such park", when the partner is down', async () => {
    answer = { status: 503, body: {} };
    const { getParkById } = await import('./index');
    await expect(getParkById(2, 'en')).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('getParkActiveHouses', () => {
  it('links each house of the answer to the park asked for, and drops one that names another park', async () => {
    answer = { status: 200, body: [{ id: 10, name: 'Duinhuis' }, { id: 11, name: 'Boshuis', parkId: 3 }] };
    const { getParkActiveHouses } = await import('./index');
    expect(await getParkActiveHouses(2, 'en')).toEqual([{ id: 10, name: 'Duinhuis', parkId: 2 }]);
  });
});
