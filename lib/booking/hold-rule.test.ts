import { describe, expect, it } from 'vitest';
import { readHoldSetBy } from './hold-rule';

describe('readHoldSetBy', () => {
  it('credits the park only with an expiry its answer named', () => {
    expect(readHoldSetBy('partner')).toBe('partner');
  });

  it('reads anything else, an absent value included, as the site’s own limit', () => {
    expect(readHoldSetBy('site')).toBe('site');
    expect(readHoldSetBy(undefined)).toBe('site');
    expect(readHoldSetBy('park')).toBe('site');
  });
});
