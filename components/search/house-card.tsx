import { useTranslations } from 'next-intl';
import { getParty, type SearchCriteria } from '@/lib/booking/deep-link';
import type { HouseSummary } from '@/lib/booking/types';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { CardImage, CardLink, type CardImageLoading } from './card-parts';
import { HouseFactsLine } from './house-facts-line';
import { houseHref } from './house-link';
import { PartyStayPrice } from './party-price';

/**
 * A house in a list of results. Its look lives in the `card` classes of globals.css: a page
 * renders a dozen cards, and each class name is sent twice (in the HTML and in the serialized
 * tree), so a short name there costs far fewer bytes than the utility list it stands for.
 */
export function HouseCard({
  house,
  criteria,
  typeName,
  parkName,
  loading = 'lazy',
}: {
  house: HouseSummary;
  criteria: SearchCriteria;
  typeName?: string | undefined;
  parkName?: string | undefined;
  /** `first`: the page's first picture, usually its largest paint on a phone; `eager`: on the first screen. */
  loading?: CardImageLoading;
}) {
  const t = useTranslations('results');
  const place = [typeName, parkName].filter(Boolean).join(' · ');
  return (
    <article className="card">
      <div className="card-media">
        {house.picture ? (
          <CardImage src={house.picture} alt={house.name} {...(loading === 'lazy' ? {} : { loading })} />
        ) : null}
        <FavouriteButton id={house.id} name={house.name} picture={house.picture} />
      </div>
      <div className="card-body">
        <div className="card-main">
          <h3>
            <CardLink href={houseHref(house, criteria)}>{house.name}</CardLink>
          </h3>
          {place ? <p>{place}</p> : null}
          <HouseFactsLine
            persons={house.persons}
            bedrooms={house.bedrooms}
            bathrooms={house.bathrooms}
            maxPets={house.maxPets}
            surface={house.surface}
          />
        </div>
        <div className="card-side">
          {house.price ? (
            <PartyStayPrice price={house.price} party={getParty(criteria)} />
          ) : (
            <p>{t('noPrice')}</p>
          )}
          <span aria-hidden className="card-cta">
            {`${t('viewHouse')} →`}
          </span>
        </div>
      </div>
    </article>
  );
}
