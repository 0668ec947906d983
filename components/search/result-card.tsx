'use client';

import { FavouriteButton } from '@/components/favourites/favourite-button';
import { PartyPriceView, type PartyPriceTexts, type PriceLabels } from '@/components/ui/stay-price-view';
import { CardFacts, CardImage, CardLink, type CardFact, type CardImageLoading } from './card-parts';

/** A card's price: the party's own, one the partner made for another party, or none. */
export type CardPrice = PartyPriceTexts | null;

/** What one card shows, every text already translated on the server. */
export interface CardData {
  readonly id: number;
  readonly name: string;
  readonly picture: string | null;
  readonly href: string;
  /** The house type and park, when known. */
  readonly place?: string;
  readonly facts: readonly CardFact[];
  /** `first`: the page's first picture, usually its largest paint on a phone; `eager`: on the first screen. */
  readonly loading?: CardImageLoading;
  readonly price: CardPrice;
}

/** The words every card says: one object for the whole list, which the page sends once. */
export interface CardLabels {
  readonly price: PriceLabels;
  readonly noPrice: string;
  readonly viewHouse: string;
}

/**
 * A house in a list of results, drawn from its texts. It is a client component so that the
 * page's serialized tree carries each card as a few texts rather than as the elements they make
 * (a list renders a dozen cards), and the words the cards share once; it renders on the server
 * all the same, so the cards are complete without JavaScript. Its look lives in the `card`
 * classes of globals.css.
 */
export function ResultCard({ card, labels }: { card: CardData; labels: CardLabels }) {
  const { price } = card;
  return (
    <article className="card">
      <div className="card-media">
        {card.picture ? (
          <CardImage
            src={card.picture}
            alt={card.name}
            {...(card.loading ? { loading: card.loading } : {})}
          />
        ) : null}
        <FavouriteButton id={card.id} name={card.name} picture={card.picture} />
      </div>
      <div className="card-body">
        <div className="card-main">
          <h3>
            <CardLink href={card.href}>{card.name}</CardLink>
          </h3>
          {card.place ? <p>{card.place}</p> : null}
          <CardFacts facts={card.facts} />
        </div>
        <div className="card-side">
          {price === null ? (
            <p>{labels.noPrice}</p>
          ) : (
            <PartyPriceView texts={price} labels={labels.price} size="card" />
          )}
          <span aria-hidden className="card-cta">
            {labels.viewHouse}
          </span>
        </div>
      </div>
    </article>
  );
}
