import { useLocale, useTranslations } from 'next-intl';
import { isKnownCostType } from '@/lib/booking/costs';
import { formatMoney } from '@/lib/booking/money';
import { isPetCost } from '@/lib/booking/pet-costs';
import { MAX_PERSONS, type Party } from '@/lib/booking/party';
import type { Service } from '@/lib/booking/types';
import type { ComparedHouse, FactRow } from '@/lib/pages/compare-rows';
import { CheckIcon, CrossIcon } from '@/components/ui/icons';
import { toLocale } from '@/components/ui/locale';
import { StayPrice } from '@/components/ui/stay-price';
import { OtherPartyPrice } from '@/components/search/party-price';
import { otherPartyPriced } from '@/lib/booking/price-party';

/*
 * What one cell of the compare table says. Each cell is complete in words: icons and highlights
 * only repeat what the text says, so the table reads the same to a screen reader.
 */

/** A value the partner did not give. */
export function NotStated() {
  const t = useTranslations('compare');
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('notStated')}</span>
    </>
  );
}

export function FactValue({ house, fact }: { house: ComparedHouse; fact: FactRow }) {
  const t = useTranslations('facts');
  const value = house.facts[fact];
  if (value === null) return <NotStated />;
  if (typeof value === 'string') return <>{value}</>;
  switch (fact) {
    case 'persons':
    case 'bedrooms':
    case 'bathrooms':
      return <>{t(fact, { count: value })}</>;
    case 'pets':
      return <>{value === 0 ? t('noPets') : t('pets', { count: value })}</>;
    default:
      return <>{String(value)}</>;
  }
}

export function PriceValue({ house, party }: { house: ComparedHouse; party: Party }) {
  const t = useTranslations('compare.price');
  const problems = useTranslations('house.booking.partyProblems');
  const cell = house.price;
  switch (cell.kind) {
    case 'price':
      // The stay is named once above the table; each column shows what differs.
      return <StayPrice price={cell.price} size="panel" showPeriod={false} />;
    case 'otherParty': {
      const other = otherPartyPriced(cell.price, party);
      return other ? <OtherPartyPrice price={cell.price} pricedFor={other} size="panel" /> : null;
    }
    case 'noPrice':
      return <p className="font-medium text-slate-900">{t('noPrice')}</p>;
    case 'noDates':
      return <p className="text-slate-800">{t('noDates')}</p>;
    case 'partyProblem':
      return (
        <p className="text-slate-900">
          {problems(cell.problem, {
            persons: typeof house.facts.persons === 'number' ? house.facts.persons : 0,
            pets: typeof house.facts.pets === 'number' ? house.facts.pets : 0,
            maxPersons: MAX_PERSONS,
          })}
        </p>
      );
  }
}

export function MandatoryCosts({ services, pets }: { services: readonly Service[]; pets: number }) {
  const t = useTranslations('compare');
  const house = useTranslations('house.services');
  const locale = toLocale(useLocale());
  if (services.length === 0) return <p>{t('noMandatory')}</p>;
  return (
    <ul className="space-y-1">
      {services.map((service) => (
        <li key={service.id}>
          {service.name}:{' '}
          <span className="font-semibold text-slate-950">{formatMoney(service.cost, locale)}</span>{' '}
          {isKnownCostType(service.costType) ? house(`costTypes.${service.costType}`) : null}
          {/* As on the house page: a cost only pets bring is not this party's without them. */}
          {pets === 0 && isPetCost(service) ? (
            <span className="ml-1 inline-block rounded bg-slate-100 px-1.5 text-xs font-semibold text-slate-800">
              {house('onlyWithPets')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function FeatureValue({ available }: { available: boolean | null }) {
  const t = useTranslations('house.features');
  if (available === null) return <NotStated />;
  return (
    <span className="inline-flex items-center gap-1.5">
      {available ? (
        <CheckIcon className="shrink-0 text-brand-700" />
      ) : (
        <CrossIcon className="shrink-0 text-slate-500" />
      )}
      <span className="sr-only">{available ? t('available') : t('notAvailable')}</span>
    </span>
  );
}
