import { describe, expect, it } from 'vitest';
import { formatStayRange } from './format';

describe('formatStayRange', () => {
  it('uses plain spaces around the dash, as browsers do', () => {
    const text = formatStayRange('2026-11-27', '2026-11-30', 'en', 'compact');
    expect(text).not.toMatch(/\u2009/);
    expect(text).toContain('27');
    expect(text).toContain('30');
  });
});
