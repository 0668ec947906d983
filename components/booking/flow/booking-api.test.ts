import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARTY } from '@/lib/booking/party';
import { BookingApiError, finalizeBooking, preRegisterBooking, type PreRegisterInput } from './booking-api';

const input: PreRegisterInput = {
  locale: 'nl',
  houseId: 12,
  startDate: '2030-05-03',
  endDate: '2030-05-10',
  party: { ...DEFAULT_PARTY },
  selection: { preferenceIds: [], services: [], cancellationFund: false },
  guest: {
    firstName: 'Anna',
    lastName: 'Berg',
    street: 'Keizersgracht',
    houseNumber: '12a',
    postcode: '1015 CX',
    city: 'Amsterdam',
    country: 'NL',
    email: 'anna@example.nl',
    phone: '020 123 4567',
    language: 'nl',
  },
};

/** The version of a hold, as the overview hands it to the Book button. */
const HOLD = '0123456789abcdef0123456789abcdef';

function answer(status: number, body: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<BookingApiError> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof BookingApiError)) throw new Error('expected a BookingApiError');
  return err;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('booking API client', () => {
  it('returns a hold answer the schema accepts, and sends the selection and the client header', async () => {
    const fetchMock = answer(200, { status: 'held', holdExpiresAt: '2030-05-01T10:00:00.000Z', unit: null });
    await expect(preRegisterBooking(input)).resolves.toEqual({
      status: 'held',
      holdExpiresAt: '2030-05-01T10:00:00.000Z',
    });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/booking/pre-register');
    expect(new Headers(init.headers).get('x-booking-client')).toBe('1');
    expect(JSON.parse(String(init.body))).toMatchObject({
      locale: 'nl',
      selection: { houseId: 12, startDate: '2030-05-03', endDate: '2030-05-10', cancellationFund: false },
      guest: { firstName: 'Anna' },
    });
  });

  it('refuses a successful answer it cannot read, keeping its status, instead of passing it on', async () => {
    answer(200, { status: 'held', holdExpiresAt: 'soon' });
    const err = await failure(preRegisterBooking(input));
    expect([err.status, err.code]).toEqual([200, 'bad_response']);

    answer(200, { status: 'confirmed' });
    const missingNext = await failure(finalizeBooking('Later', 'key', HOLD, 'de'));
    expect([missingNext.status, missingNext.code]).toEqual([200, 'bad_response']);
  });

  it('turns a problem answer into an error with its code, field errors and retry time', async () => {
    answer(
      429,
      { code: 'too_many_requests', errors: { 'guest.email': ['guest.errors.email'] }, retryAfter: 7 },
      'application/problem+json',
    );
    const err = await failure(preRegisterBooking(input));
    expect(err).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      errors: { 'guest.email': ['guest.errors.email'] },
      retryAfterSeconds: 7,
    });
  });

  it('reads a refusal without a code as internal, and no answer at all as a network failure', async () => {
    answer(500, '<html>oops</html>', 'text/html');
    expect((await failure(finalizeBooking('Later', 'key', HOLD, 'de'))).code).toBe('internal');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await failure(finalizeBooking('Later', 'key', HOLD, 'de'));
    expect([err.status, err.code]).toEqual([0, 'network']);
  });

  it('accepts each finalize outcome the page acts on, and names the hold the page shows and the language it is in', async () => {
    const fetchMock = answer(200, { status: 'awaiting_payment', next: 'https://pay.example/abc' });
    await expect(finalizeBooking('NowFullAmount', 'key', HOLD, 'de')).resolves.toEqual({
      status: 'awaiting_payment',
      next: 'https://pay.example/abc',
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      paymentType: 'NowFullAmount',
      acceptTerms: true,
      hold: HOLD,
      locale: 'de',
    });
    answer(202, { status: 'checking' });
    await expect(finalizeBooking('Later', 'key', HOLD, 'de')).resolves.toEqual({ status: 'checking' });
  });

  it('tells the server the guest books a unit that lacks their choice only when they decided so', async () => {
    const fetchMock = answer(200, { status: 'confirmed', next: '/en/booking/thank-you' });
    await finalizeBooking('Later', 'key', HOLD, 'en', { acceptUnitMismatch: true });
    await finalizeBooking('Later', 'key', HOLD, 'en', { acceptUnitMismatch: false });
    const bodies = fetchMock.mock.calls.map(
      (call) =>
        JSON.parse(String((call as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>,
    );
    expect(bodies[0]).toMatchObject({ acceptUnitMismatch: true });
    expect(bodies[1]).not.toHaveProperty('acceptUnitMismatch');
  });

  it('reads a refusal of a unit that does not fit as its own problem', async () => {
    answer(409, { code: 'unit_mismatch' }, 'application/problem+json');
    const err = await failure(finalizeBooking('Later', 'key', HOLD, 'en'));
    expect([err.status, err.code]).toEqual([409, 'unit_mismatch']);
  });
});
