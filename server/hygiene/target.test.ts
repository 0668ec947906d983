import { describe, expect, it } from 'vitest';
import { hasMalformedPath, plainUnreserved } from './target';

describe('the request target the site server reads', () => {
  it.each(['/%ff', '/api/houses/%E0%A4%A/units', '/en/book/%E0%A4%A', '/%', '/a%2', '/de/book/%00', '/en/%0a', '/a%7F', '*', 'en', 'x:y'])('finds %s malformed', (target) => {
    expect(hasMalformedPath(target)).toBe(true);
  });

  it.each(['/', '/en/search?q=%ff', '/nl/houses/1001', '/api/x%20y', '/de/%C3%BC'])('passes %s on to Next.js', (target) => {
    expect(hasMalformedPath(target)).toBe(false);
  });

  it.each([
    ['/%65n/help', '/en/help'],
    ['/E%6e/%68elp?q=%65', '/En/help?q=%65'],
    ['/a%2Fb/%20x/%C3%BC/%7e', '/a%2Fb/%20x/%C3%BC/~'],
    ['/%ff', '/%ff'],
  ])('spells the unreserved characters of %s plainly: %s', (target, plain) => {
    expect(plainUnreserved(target)).toBe(plain);
  });

});
