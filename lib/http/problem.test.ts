import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationProblem } from './problem';

/** Field errors a client can key on: the site's own codes, never a sentence of the validator's. */
describe('validationProblem', () => {
  const Schema = z.strictObject({
    quantity: z.number().int().min(1).max(20),
    houseId: z.number(),
    date: z.string().refine((value) => value.length === 10, 'invalid_date'),
    email: z.string().refine((value) => value.includes('@'), 'guest.errors.email'),
  });

  it('answers every field error with a stable code, the site’s own where it gave one', async () => {
    const parsed = Schema.safeParse({
      quantity: 1.5,
      houseId: 'x',
      date: '2027',
      email: 'a',
      price: 1,
      cost: 2,
    });
    expect(parsed.success).toBe(false);
    const res = validationProblem(parsed.error!);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe('invalid_input');
    expect(body.errors).toEqual({
      quantity: ['invalid_type'],
      houseId: ['invalid_type'],
      date: ['invalid_date'],
      email: ['guest.errors.email'],
      price: ['unrecognized_key'],
      cost: ['unrecognized_key'],
    });
    const small = Schema.safeParse({ quantity: 0, houseId: 1, date: '2027-01-01', email: 'a@b' });
    expect((await validationProblem(small.error!).json()).errors).toEqual({ quantity: ['too_small'] });
  });

  it('names an unknown field called __proto__ or constructor like any other, without failing', async () => {
    const parsed = Schema.safeParse(JSON.parse('{"__proto__":{"admin":true},"constructor":1,"quantity":1}'));
    const res = validationProblem(parsed.error!);
    expect(res.status).toBe(400);
    const body = JSON.parse(await res.text()) as { errors: Record<string, string[]> };
    expect(Object.getOwnPropertyDescriptor(body.errors, '__proto__')?.value).toEqual(['unrecognized_key']);
    expect(body.errors.constructor).toEqual(['unrecognized_key']);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });
});

describe('errorResponse', () => {
  it('answers a partner refusal of checked input with 422 partner_rejected, not the client’s own 400 invalid_input', async () => {
    const { errorResponse } = await import('./problem');
    const { PartnerError } = await import('@/lib/partner-api/errors');
    const res = errorResponse(new PartnerError('invalid_input', 'Partner rejected searchHouses', { upstreamStatus: 400 }), 'test');
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; detail?: string };
    expect(body.code).toBe('partner_rejected');
    expect(JSON.stringify(body)).not.toContain('searchHouses');
  });
});
