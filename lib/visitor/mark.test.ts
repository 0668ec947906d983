import { describe, expect, it } from 'vitest';
import { newVisitorMark, visitorFromCookies } from './mark';

describe('the browser mark', () => {
  it('is read from the cookie the site writes, among others', () => {
    const mark = newVisitorMark();
    expect(visitorFromCookies(`a=1; visitor=${mark}; b=2`)).toBe(mark);
    expect(visitorFromCookies(['a=1', `visitor=${mark}`])).toBe(mark);
  });

  it('is 22 characters of base64url, new each time', () => {
    const marks = new Set(Array.from({ length: 50 }, newVisitorMark));
    expect(marks.size).toBe(50);
    for (const mark of marks) expect(mark).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('is none for a value the site could not have written, or a cookie of another name', () => {
    for (const header of ['visitor=x', 'visitor=<script>alert(1)</script>', `visitor=${'a'.repeat(65)}`, 'xvisitor=abcdefghijklmnopqrstuv', '', undefined]) {
      expect(visitorFromCookies(header)).toBeUndefined();
    }
  });
});
