import { describe, expect, it } from 'vitest';
import { checkHeldUnit, fullyConfirmed, unitMismatch } from './held-unit';

const unit = (preferenceIds: number[] | null, allowPets: boolean | null) => ({ preferenceIds, allowPets });

describe('checkHeldUnit', () => {
  it('confirms every chosen preference the held unit offers', () => {
    const check = checkHeldUnit(unit([301, 302, 305], true), [301, 305], 0);
    expect(check).toEqual({ confirmed: [301, 305], unconfirmed: [], lacking: [], pets: 'none' });
    expect(fullyConfirmed(check)).toBe(true);
    expect(unitMismatch(check)).toBe(false);
  });

  it('names a chosen preference the held unit says it lacks as lacking and unconfirmed', () => {
    const check = checkHeldUnit(unit([302], true), [301, 302], 0);
    expect(check.confirmed).toEqual([302]);
    expect(check.unconfirmed).toEqual([301]);
    expect(check.lacking).toEqual([301]);
    expect(unitMismatch(check)).toBe(true);
  });

  it('leaves every preference unconfirmed, but none lacking, when the partner does not say', () => {
    const check = checkHeldUnit(unit(null, null), [301, 302], 0);
    expect(check).toEqual({ confirmed: [], unconfirmed: [301, 302], lacking: [], pets: 'none' });
    expect(unitMismatch(check)).toBe(false);
    expect(fullyConfirmed(check)).toBe(false);
  });

  it('treats a hold without a reported unit as confirming nothing', () => {
    const check = checkHeldUnit(null, [301], 1);
    expect(check).toEqual({ confirmed: [], unconfirmed: [301], lacking: [], pets: 'unconfirmed' });
  });

  it('flags a unit that takes no pets for a party with pets', () => {
    const check = checkHeldUnit(unit([], false), [], 1);
    expect(check.pets).toBe('refused');
    expect(unitMismatch(check)).toBe(true);
  });

  it('confirms pets only where the unit says it takes them', () => {
    expect(checkHeldUnit(unit([], true), [], 2).pets).toBe('confirmed');
    expect(checkHeldUnit(unit([], null), [], 2).pets).toBe('unconfirmed');
    expect(checkHeldUnit(unit([], false), [], 0).pets).toBe('none');
  });
});
