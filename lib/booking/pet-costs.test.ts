import { describe, expect, it } from 'vitest';
import { isPetCost } from './pet-costs';

describe('mandatory costs charged only for parties with pets', () => {
  it.each(['pet-cleaning', 'PET_CLEANING', 'extra cleaning pets', 'huisdier-schoonmaak', 'Haustier_Reinigung', 'dog fee'])(
    'recognises %s',
    (keyword) => expect(isPetCost({ keyword })).toBe(true),
  );

  it.each(['final-cleaning', 'energy', 'tourist-tax', 'carpet-cleaning', 'competition', ''])(
    'leaves %s to every party',
    (keyword) => expect(isPetCost({ keyword })).toBe(false),
  );

  it('cannot tell without a keyword, so the cost stays listed for everyone', () => {
    expect(isPetCost({})).toBe(false);
  });
});
