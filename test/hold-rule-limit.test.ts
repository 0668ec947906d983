import { describe, expect, it } from 'vitest';
import { SITE_HOLD_MINUTES } from '@/lib/booking/hold-rule';
import { HOLD_TTL_SECONDS } from '@/lib/session/booking-session';

describe('the hold time the booking page states', () => {
  it('is the limit the booking session keeps a hold for', () => {
    expect(SITE_HOLD_MINUTES * 60).toBe(HOLD_TTL_SECONDS);
  });
});
