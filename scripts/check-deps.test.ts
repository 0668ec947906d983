import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { atLeast } from './check-deps.mjs';

describe('version floor', () => {
  it('compares major, minor and patch as numbers', () => {
    expect(atLeast('16.3.3', '16.3.3')).toBe(true);
    expect(atLeast('16.4.6', '16.3.3')).toBe(true);
    expect(atLeast('16.10.0', '16.3.3')).toBe(true);
    expect(atLeast('17.0.0', '16.3.3')).toBe(true);
    expect(atLeast('16.3.2', '16.3.3')).toBe(false);
    expect(atLeast('16.2.9', '16.3.3')).toBe(false);
    expect(atLeast('15.9.9', '16.3.3')).toBe(false);
    expect(atLeast('16.3.3-canary.1', '16.3.3')).toBe(false);
    expect(atLeast('16.4.0-canary.1', '16.3.3')).toBe(true);
  });
});
