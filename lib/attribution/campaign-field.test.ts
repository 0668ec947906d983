import { describe, expect, it } from 'vitest';
import { CampaignFieldSchema } from './campaign-field';

describe('the campaign field of a booking request', () => {
  it('keeps the valid tags and drops unknown keys and invalid values without failing', () => {
    const parsed = CampaignFieldSchema.safeParse({
      utm_source: 'news',
      utm_campaign: 'spring',
      cid: 42,
      utm_medium: '<b>',
      email: 'anna@example.nl',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ utm_source: 'news', utm_campaign: 'spring' });
  });

  it('turns anything that is not an object of tags into no campaign, never an error', () => {
    for (const value of ['news', 42, null, ['news'], { cid: '' }, undefined]) {
      const parsed = CampaignFieldSchema.safeParse(value);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toBeUndefined();
    }
  });
});
