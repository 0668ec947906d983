import { describe, expect, it } from 'vitest';
import * as linkBuilder from '@/lib/marketing/campaign';
import { CAMPAIGN_PARAMS, MAX_CAMPAIGN_TAG_LENGTH, normalizeCampaignTag } from './campaign-rule';

describe('the campaign tag rule of bookings and metrics', () => {
  it('is the link builder’s: the same parameters, length and verdict on every kind of tag', () => {
    expect([...CAMPAIGN_PARAMS]).toEqual([...linkBuilder.CAMPAIGN_PARAMS]);
    expect(MAX_CAMPAIGN_TAG_LENGTH).toBe(linkBuilder.MAX_CAMPAIGN_TAG_LENGTH);
    const samples = [
      'news',
      ' spring 2027 ',
      'nl-77',
      'a/b:c~d+e_f.g',
      'Été',
      '北京',
      '',
      '   ',
      '-lead',
      '.x',
      'a"b',
      "a'b",
      '<script>',
      'x\ny',
      'x\ty',
      'a&b',
      'a=b',
      'a%20b',
      'a'.repeat(64),
      'a'.repeat(65),
    ];
    for (const sample of samples) {
      expect(normalizeCampaignTag(sample), sample).toBe(linkBuilder.normalizeCampaignTag(sample));
    }
  });
});
