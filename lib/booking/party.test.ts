import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTY, countChildren, countPersons, isChildGroup, type Party } from './party';

const party = (overrides: Partial<Party> = {}): Party => ({ ...DEFAULT_PARTY, ...overrides });

describe('counting', () => {
  it('counts adults and every child, never pets', () => {
    const p = party({ adults: 2, child0002: 1, child0304: 2, child0512: 3, child1317: 4, pets: 3 });
    expect(countChildren(p)).toBe(10);
    expect(countPersons(p)).toBe(12);
  });

  it('recognizes child groups', () => {
    expect(isChildGroup('child0512')).toBe(true);
    expect(isChildGroup('adults')).toBe(false);
    expect(isChildGroup('pets')).toBe(false);
  });
});
