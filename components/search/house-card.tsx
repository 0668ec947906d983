import Image from 'next/image';
import { useTranslations } from 'next-intl';
import type { SearchCriteria } from '@/lib/booking/deep-link';
import type { HouseSummary } from '@/lib/booking/types';
import { Link } from '@/lib/i18n/navigation';
import { StayPrice } from '@/components/ui/stay-price';
import { LinkPendingIndicator } from '@/components/ui/navigation-pending';
import { HouseFactsLine } from './house-facts-line';
import { houseHref } from './house-link';

export function HouseCard({
  house,
  criteria,
  typeName,
  parkName,
  eager = false,
}: {
  house: HouseSummary;
  criteria: SearchCriteria;
  typeName?: string | undefined;
  parkName?: string | undefined;
  eager?: boolean;
}) {
  const t = useTranslations('results');
  const place = [typeName, parkName].filter(Boolean).join(' · ');
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md sm:flex-row">
      <div className="relative aspect-[16/9] w-full shrink-0 bg-slate-100 sm:aspect-[3/2] sm:w-64 lg:w-72">
        {house.picture ? (
          <Image
            src={house.picture}
            alt={house.name}
            fill
            sizes="(min-width: 1024px) 18rem, (min-width: 640px) 16rem, 100vw"
            loading={eager ? 'eager' : 'lazy'}
            className="object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 md:flex-row md:justify-between">
        <div className="min-w-0 space-y-2">
          <h3 className="text-lg font-bold text-slate-950">
            <Link
              href={houseHref(house, criteria)}
              prefetch={false}
              className="rounded outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
            >
              {house.name}
              <LinkPendingIndicator />
            </Link>
          </h3>
          {place ? <p className="text-sm text-slate-700">{place}</p> : null}
          <HouseFactsLine
            persons={house.persons}
            bedrooms={house.bedrooms}
            bathrooms={house.bathrooms}
            maxPets={house.maxPets}
            surface={house.surface}
          />
        </div>
        <div className="flex shrink-0 flex-col items-end justify-between gap-2 border-t border-slate-100 pt-3 md:border-0 md:pt-0">
          {house.price ? (
            <StayPrice price={house.price} />
          ) : (
            <p className="text-sm text-slate-700">{t('noPrice')}</p>
          )}
          <span aria-hidden="true" className="text-sm font-semibold text-brand-700">
            {t('viewHouse')} →
          </span>
        </div>
      </div>
    </article>
  );
}
