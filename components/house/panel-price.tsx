import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { Party } from '@/lib/booking/party';
import { priceFitsParty } from '@/lib/booking/price-party';
import type { HousePrice } from '@/lib/booking/types';
import { StayPrice } from '@/components/ui/stay-price';
import { PartyStayPrice, VoucherNote } from '@/components/search/party-price';
import { BarTotal, SuggestionText } from './booking-panel-texts';

/*
 * The booking panel's prices, for the party the panel asked them for. The page renders the first
 * ones on the server (`initial`, see booking-panel-texts) without knowing whether the partner
 * priced that party; a price it made for another party is written here instead, for what it is.
 */

/** A price in the panel, the party it was asked for, and the server's text for it, if any. */
interface PanelPriceProps {
  price: HousePrice;
  party: Party;
  initial?: ReactNode;
}

/** The chosen stay's price, and the part a voucher may pay. */
export function PanelPrice({ price, party, initial }: PanelPriceProps) {
  if (!priceFitsParty(price, party)) return <PartyStayPrice price={price} party={party} size="panel" />;
  return (
    <>
      {initial ?? <StayPrice price={price} size="panel" />}
      <VoucherNote price={price} party={party} />
    </>
  );
}

/** The total in the bar that keeps the call to book in reach; no amount when it is not the party's. */
export function PanelBarTotal({ price, party }: { price: HousePrice; party: Party }) {
  const t = useTranslations('house.booking');
  if (!priceFitsParty(price, party)) return <span className="block">{t('barOtherParty')}</span>;
  return <BarTotal amount={price.discounted ?? price.full} />;
}

/** The stay the partner offers without dates, its price named for the party it was made for. */
export function PanelSuggestion({ price, party, initial }: PanelPriceProps) {
  if (!priceFitsParty(price, party)) return <SuggestionText price={price} party={party} />;
  return initial ?? <SuggestionText price={price} />;
}
