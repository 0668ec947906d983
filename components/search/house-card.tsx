import { useTranslations } from 'next-intl';
import { getParty, type SearchCriteria } from '@/lib/booking/deep-link';
import type { HousePrice, HouseSummary } from '@/lib/booking/types';
import { usePriceLabels, usePriceTexts } from '@/components/ui/stay-price';
import type { CardImageLoading } from './card-parts';
import { useHouseFacts } from './house-facts';
import { houseHref } from './house-link';
import { ResultCard, type CardLabels, type CardPrice } from './result-card';

/**
 * The words every card of a list says, translated once: the list hands the same object to each
 * card, and the page's serialized tree then carries it once (see ResultCard).
 */
export function useCardLabels(): CardLabels {
  const t = useTranslations('results');
  return { price: usePriceLabels(), noPrice: t('noPrice'), viewHouse: `${t('viewHouse')} →` };
}

/**
 * A house in a list of results: its texts, translated here on the server, drawn by ResultCard.
 * The price is the guest's party's, or one the partner made for another party, shown for what
 * it is (see PartyStayPrice).
 */
export function HouseCard({
  house,
  criteria,
  labels,
  typeName,
  parkName,
  loading = 'lazy',
}: {
  house: HouseSummary;
  criteria: SearchCriteria;
  /** From useCardLabels(), the same object for every card of the list. */
  labels: CardLabels;
  typeName?: string | undefined;
  parkName?: string | undefined;
  /** `first`: the page's first picture, usually its largest paint on a phone; `eager`: on the first screen. */
  loading?: CardImageLoading;
}) {
  const place = [typeName, parkName].filter(Boolean).join(' · ');
  const card = {
    id: house.id,
    name: house.name,
    picture: house.picture,
    href: houseHref(house, criteria),
    ...(place ? { place } : {}),
    facts: useHouseFacts(house),
    ...(loading === 'lazy' ? {} : { loading }),
    price: useCardPrice(house.price, criteria),
  };
  return <ResultCard card={card} labels={labels} />;
}

function useCardPrice(price: HousePrice | null | undefined, criteria: SearchCriteria): CardPrice {
  const texts = usePriceTexts();
  return price ? texts.party(price, getParty(criteria), 'card') : null;
}
