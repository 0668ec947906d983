import { afterEach, describe, expect, it } from 'vitest';
import { holdTime } from './hold-timer';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

// 13:50 UTC on a winter day: 14:50 in Amsterdam, 13:50 in London, 08:50 in New York.
const LAPSES = Date.UTC(2027, 0, 11, 13, 50);

describe('the time a hold lapses', () => {
  it('is told on the guest’s own clock once the browser shows it', () => {
    process.env.TZ = 'America/New_York';
    expect(holdTime(LAPSES, 'en', true)).toBe('08:50');
    process.env.TZ = 'Europe/London';
    expect(holdTime(LAPSES, 'nl', true)).toBe('13:50');
  });

  it('names the parks’ zone in the page as the server sends it, which cannot know the guest’s', () => {
    process.env.TZ = 'America/New_York';
    expect(holdTime(LAPSES, 'en', false)).toMatch(/^14:50 (CET|GMT\+1)$/);
    expect(holdTime(LAPSES, 'de', false)).toMatch(/^14:50 (MEZ|GMT\+1)$/);
  });
});
