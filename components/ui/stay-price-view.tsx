/*
 * The price blocks' markup, from texts already translated and formatted. The server works the
 * texts out (stay-price.tsx, party-price.tsx); these only lay them out, so the same blocks render
 * on the server for the house page's panel and inside the result card, a client component that
 * receives its texts as props.
 */

/** The words every price block says, whatever the stay: one object serves a whole list of cards. */
export interface PriceLabels {
  readonly fullPrice: string;
  readonly totalPrice: string;
  readonly discountedPrice: string;
  readonly includesMandatory: string;
}

/** One stay's price in the guest's language. `full` is there only when a discount applies. */
export interface StayPriceTexts {
  readonly period?: string;
  readonly full?: string;
  readonly pay: string;
  readonly perNight: string;
  readonly saving?: string;
}

/** A price the partner made for another party: its amount and party, and when this party's follows. */
export interface OtherPartyTexts {
  readonly period: string;
  readonly amount: string;
  readonly follows: string;
}

/** The guest's party's price: its own, or one the partner made for another party. */
export type PartyPriceTexts = { readonly stay: StayPriceTexts } | { readonly otherParty: OtherPartyTexts };

export type PriceBlockSize = 'card' | 'panel';

/**
 * The price hierarchy used on result cards and the house page: what the guest pays for the
 * whole stay (mandatory costs included) first and largest, the full price struck through when
 * there is a discount, then the price per night. Styled by the `stay-price` classes of
 * globals.css: on a results page the block repeats on every card, and short class names cost far
 * fewer bytes there (in the HTML and in the serialized tree) than the utility lists.
 */
export function StayPriceView({
  texts,
  labels,
  size,
}: {
  texts: StayPriceTexts;
  labels: PriceLabels;
  size: PriceBlockSize;
}) {
  const discounted = texts.full !== undefined;
  return (
    <div className={`stay-price stay-price-${size}`}>
      {texts.period !== undefined ? <p>{texts.period}</p> : null}
      <p className="stay-price-amounts">
        {discounted ? (
          <del>
            <span className="sr-only">{labels.fullPrice} </span>
            {texts.full}
          </del>
        ) : null}
        <strong>
          <span className="sr-only">{discounted ? labels.discountedPrice : labels.totalPrice} </span>
          {texts.pay}
        </strong>
      </p>
      <p>{labels.includesMandatory}</p>
      <p>{texts.perNight}</p>
      {texts.saving !== undefined ? <p className="stay-price-saving">{texts.saving}</p> : null}
    </div>
  );
}

/** A price made for another party, shown for what it is, never in the large type of the party's own. */
export function OtherPartyPriceView({ texts, size }: { texts: OtherPartyTexts; size: PriceBlockSize }) {
  return (
    <div className={`stay-price stay-price-${size}`} data-testid="other-party-price">
      <p>{texts.period}</p>
      <p>{texts.amount}</p>
      <p>{texts.follows}</p>
    </div>
  );
}

/** The party's price block: its own price, or the other party's shown for what it is. */
export function PartyPriceView({
  texts,
  labels,
  size,
}: {
  texts: PartyPriceTexts;
  labels: PriceLabels;
  size: PriceBlockSize;
}) {
  return 'stay' in texts ? (
    <StayPriceView texts={texts.stay} labels={labels} size={size} />
  ) : (
    <OtherPartyPriceView texts={texts.otherParty} size={size} />
  );
}
