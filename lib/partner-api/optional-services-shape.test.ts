import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { replaceGateway } from './gateway';
import { startFakePartner } from './testing/fake-partner';

/**
 * The optional services of a stay, against a loopback server standing in for the partner. The
 * documentation shows one service object where its table says a list, so both are read; every
 * field of a service is optional. An answer that is neither must not be read as "no extras": that
 * would be cached for every guest of the stay, who could then add none and never learn why.
 */

let answer: { status: number; body: unknown } = { status: 200, body: [] };
let partner: Awaited<ReturnType<typeof startFakePartner>>;

beforeAll(async () => {
  partner = await startFakePartner((req, res) => {
    // The list of active houses the site checks a house id against comes back empty (no list).
    const body = req.url?.includes('ptionalServices') ? answer.body : [];
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
});

afterAll(() => partner.close());

beforeEach(() => {
  replaceGateway(undefined);
});

const LINEN = { id: 7, serviceName: 'Bed linen', cost: 12.5, costType: 'PerPiece' };
const stay = { startDate: '2027-03-05', endDate: '2027-03-08' } as const;

describe('getOptionalServices', () => {
  it('reads the list the table documents and the single object the example shows', async () => {
    const { getOptionalServices } = await import('./index');
    answer = { status: 200, body: [LINEN] };
    expect((await getOptionalServices(1001, stay, 'en')).data.map((s) => s.id)).toEqual([7]);
    answer = { status: 200, body: LINEN };
    expect((await getOptionalServices(1002, stay, 'en')).data.map((s) => s.id)).toEqual([7]);
    answer = { status: 200, body: [] };
    expect((await getOptionalServices(1003, stay, 'en')).data).toEqual([]);
  });

  it('refuses an answer of another shape instead of caching it as a stay without extras', async () => {
    const { getOptionalServices } = await import('./index');
    answer = { status: 200, body: { houseId: 'not-a-number', houseList: 42, transactionId: 12345 } };
    await expect(getOptionalServices(1004, stay, 'en')).rejects.toThrow();
    // The next guest's request asks the partner again and gets the extras.
    answer = { status: 200, body: [LINEN] };
    expect((await getOptionalServices(1004, stay, 'en')).data.map((s) => s.id)).toEqual([7]);
  });
});
