import { describe, expect, it } from 'vitest';
import { acceptsCoding } from './accept-encoding';

describe('acceptsCoding', () => {
  it('accepts a coding named or covered by *, in any case, unless its q is 0', () => {
    expect(acceptsCoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsCoding('GZIP', 'gzip')).toBe(true);
    expect(acceptsCoding('*', 'br')).toBe(true);
    expect(acceptsCoding(['deflate', 'gzip;q=0.5'], 'gzip')).toBe(true);
    expect(acceptsCoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsCoding('deflate', 'gzip')).toBe(false);
    expect(acceptsCoding(undefined, 'gzip')).toBe(false);
  });
});
