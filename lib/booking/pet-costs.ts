import type { Service } from './types';

/**
 * Words of a mandatory cost's keyword that mark it as charged only when the party brings pets
 * (the partner's keywords are stable identifiers such as "pet-cleaning", in English or Dutch or
 * German). A house lists such a cost for every party; the party without pets never pays it, so
 * the house page must not call it "included in the price" for them.
 */
const PET_WORDS = new Set([
  'pet',
  'pets',
  'animal',
  'animals',
  'dog',
  'dogs',
  'huisdier',
  'huisdieren',
  'hond',
  'honden',
  'haustier',
  'haustiere',
  'hund',
  'hunde',
]);

export function isPetCost(service: Pick<Service, 'keyword'>): boolean {
  const words = (service.keyword ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.some((word) => PET_WORDS.has(word));
}
