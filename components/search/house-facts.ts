import { useTranslations } from 'next-intl';
import type { CardFact } from './card-parts';

export interface FactsLineProps {
  persons: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  maxPets: number;
  surface: string | null;
}

/**
 * The capacity facts of a result card, each with its icon and a full text label, translated
 * here on the server; the card's list draws them (see CardFacts).
 */
export function useHouseFacts({
  persons,
  bedrooms,
  bathrooms,
  maxPets,
  surface,
}: FactsLineProps): CardFact[] {
  const t = useTranslations('facts');
  const facts: CardFact[] = [];
  if (persons !== null) facts.push(['persons', t('persons', { count: persons })]);
  if (bedrooms !== null) facts.push(['bed', t('bedrooms', { count: bedrooms })]);
  if (bathrooms !== null) facts.push(['bath', t('bathrooms', { count: bathrooms })]);
  facts.push(['paw', maxPets > 0 ? t('pets', { count: maxPets }) : t('noPets')]);
  if (surface) facts.push(['area', surface]);
  return facts;
}
