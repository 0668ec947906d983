import { describe, expect, it } from 'vitest';
import { Availability } from '../src/availability';
import { buildCatalogue } from '../src/catalogue';
import { HOUSE_TYPES } from '../src/house-data';
import { OPTIONAL_SERVICES, PET_FREE_KEYWORD, PREFERENCES } from '../src/service-data';
import { dayFromMs } from '../src/dates';
import { LANGS } from '../src/i18n';
import { FIXED_NOW } from './helpers';

const catalogue = buildCatalogue(42);

describe('catalogue', () => {
  it('is identical for the same seed and differs for another seed', () => {
    expect(buildCatalogue(42)).toEqual(catalogue);
    const other = buildCatalogue(7);
    expect(other).not.toEqual(catalogue);
    expect(other.houses.map((h) => h.name.NL)).not.toEqual(catalogue.houses.map((h) => h.name.NL));
  });

  it('meets the size minimums', () => {
    expect(catalogue.parks.length).toBeGreaterThanOrEqual(4);
    expect(new Set(catalogue.houses.map((h) => h.typeId)).size).toBeGreaterThanOrEqual(5);
    expect(catalogue.houses.length).toBeGreaterThanOrEqual(60);
    expect(catalogue.unitsById.size).toBeGreaterThanOrEqual(400);
    for (const seed of [1, 2, 3, 99, 12345])
      expect(buildCatalogue(seed).unitsById.size).toBeGreaterThanOrEqual(400);
  });

  it('has plausible houses', () => {
    for (const h of catalogue.houses) {
      const type = HOUSE_TYPES.find((t) => t.id === h.typeId);
      expect(h.capacity).toBeGreaterThanOrEqual(type?.minCapacity ?? 2);
      expect(h.capacity).toBeLessThanOrEqual(type?.maxCapacity ?? 20);
      expect(h.maxPets).toBeGreaterThanOrEqual(0);
      expect(h.maxPets).toBeLessThanOrEqual(2);
      expect(h.pictureCount).toBeGreaterThanOrEqual(4);
      expect(h.pictureCount).toBeLessThanOrEqual(8);
      expect(h.features.some((f) => !f.available)).toBe(true);
      expect(h.units.length).toBeGreaterThan(0);
      for (const lang of LANGS) {
        const d = h.descriptions[lang];
        for (const t of [d.location, d.interior, d.surroundings, d.parkConditions])
          expect(t.length).toBeGreaterThan(40);
      }
      expect(h.descriptions.NL.interior).not.toBe(h.descriptions.EN.interior);
    }
    const groupCapacities = catalogue.houses.filter((h) => h.typeId === 5).map((h) => h.capacity);
    expect(Math.max(...groupCapacities)).toBeGreaterThanOrEqual(12);
  });

  it('numbers units like A102 and keeps pet-free units free of pets', () => {
    const petFree = PREFERENCES.find((p) => p.keyword === PET_FREE_KEYWORD);
    expect(petFree).toBeDefined();
    let petFreeUnits = 0;
    for (const unit of catalogue.unitsById.values()) {
      expect(unit.number).toMatch(/^[A-E]\d{3,}$/);
      if (petFree && unit.preferenceIds.includes(petFree.id)) {
        petFreeUnits++;
        expect(unit.allowPets).toBe(false);
      }
    }
    expect(petFreeUnits).toBeGreaterThan(0);
    expect(new Set([...catalogue.unitsById.values()].map((u) => u.number)).size).toBe(
      catalogue.unitsById.size,
    );
  });

  it('offers each preference through only some units of a house', () => {
    for (const h of catalogue.houses.filter((x) => x.units.length > 1)) {
      for (const pref of h.preferences) {
        const offering = h.units.filter((u) => u.preferenceIds.includes(pref.id)).length;
        expect(offering).toBeGreaterThan(0);
        expect(offering).toBeLessThan(h.units.length);
      }
    }
  });

  it('covers every cost type and date pickers among optional services', () => {
    const offered = new Set(catalogue.houses.flatMap((h) => h.optional.map((o) => o.id)));
    const defs = OPTIONAL_SERVICES.filter((s) => offered.has(s.id));
    expect(new Set(defs.map((s) => s.costType))).toEqual(
      new Set(['PER_STAY', 'PER_PERSON_PER_NIGHT', 'PER_NIGHT', 'PER_PERSON', 'PER_PIECE']),
    );
    expect(defs.some((s) => s.hasDatePicker)).toBe(true);
    expect(defs.some((s) => s.months)).toBe(true);
  });

  it('occupies roughly half of the unit-nights over the next 18 months', () => {
    const availability = new Availability(catalogue, { isBlocked: () => false });
    const today = dayFromMs(FIXED_NOW);
    let occupied = 0;
    let total = 0;
    for (const unit of catalogue.unitsById.values()) {
      for (let d = today; d < today + 548; d += 3) {
        total++;
        if (availability.isSeededOccupied(unit.id, d)) occupied++;
      }
    }
    expect(occupied / total).toBeGreaterThan(0.4);
    expect(occupied / total).toBeLessThan(0.6);
  });
});
