import Image from 'next/image';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { StayDates } from '@/lib/booking/dates';
import type { Party } from '@/lib/booking/party';
import { Link } from '@/lib/i18n/navigation';
import { FACT_ROWS, type ComparedHouse, type Comparison, type RowMarks } from '@/lib/pages/compare-rows';
import { bookingHref, stayQuery } from '@/lib/pages/house-stay';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { buttonPrimary, buttonSecondary, textLink } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { FactValue, FeatureValue, MandatoryCosts, PriceValue } from './compare-cells';

/**
 * The houses side by side: one column per house, one row per thing to compare. A table, so a
 * screen reader names the house and the row of every cell. Wider than a phone, it scrolls
 * sideways inside its own region with the row names kept in view; on a laptop four houses fit.
 * A keyboard scrolls it by moving through each column's links.
 */

/** The table's least width by number of houses: the row names plus about 12–14rem a house. */
const TABLE_WIDTH: Readonly<Record<number, string>> = {
  1: 'min-w-[19rem] sm:min-w-[26rem]',
  2: 'min-w-[31rem] sm:min-w-[40rem]',
  3: 'min-w-[43rem] sm:min-w-[54rem]',
  4: 'min-w-[55rem] sm:min-w-[68rem]',
};

const ROW_HEAD = 'sticky left-0 z-10 bg-white px-3 py-3 text-left align-top font-semibold text-slate-900';
const CELL = 'px-3 py-3 align-top';

function houseHref(id: number, stay: Partial<StayDates>, party: Party): string {
  const query = stayQuery(stay, party);
  return query ? `/houses/${id}?${query}` : `/houses/${id}`;
}

function Row({
  label,
  marks,
  mark,
  bold = false,
  children,
}: {
  label: string;
  marks: RowMarks;
  /** The tag of a marked cell, e.g. "Most", read before its value. */
  mark?: string;
  /** Whether a marked value is set in bold too (a short fact; a price is bold already). */
  bold?: boolean;
  children: (index: number) => ReactNode;
}) {
  const t = useTranslations('compare');
  return (
    <tr
      className={cx('border-t border-slate-200', marks.same && 'text-slate-500')}
      data-same={marks.same || undefined}
    >
      <th scope="row" className={cx(ROW_HEAD, marks.same && 'font-medium text-slate-600')}>
        {label}
        {marks.same ? <span className="block text-xs font-normal">{t('same')}</span> : null}
      </th>
      {marks.best.map((best, index) => (
        <td
          key={index}
          className={cx(CELL, best && 'bg-brand-50 text-slate-950', best && bold && 'font-semibold')}
          data-best={best || undefined}
        >
          {best && mark ? (
            <span className="mb-1 block w-fit rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-on-brand">
              {mark}
            </span>
          ) : null}
          {children(index)}
        </td>
      ))}
    </tr>
  );
}

function ColumnHead({
  house,
  stay,
  party,
}: {
  house: ComparedHouse;
  stay: Partial<StayDates>;
  party: Party;
}) {
  const picture = house.picture;
  return (
    <th scope="col" className="px-3 pt-1 pb-3 text-left align-top">
      <div className="relative max-w-64">
        <div className="relative aspect-[3/2] w-full max-w-64 overflow-hidden rounded-lg bg-slate-100">
          {picture ? (
            <Image
              src={picture.thumbnail}
              alt=""
              fill
              sizes="(min-width: 640px) 16rem, 12rem"
              loading="eager"
              className="object-cover"
            />
          ) : null}
        </div>
        <FavouriteButton id={house.id} name={house.name} picture={picture?.thumbnail} />
      </div>
      <Link
        href={houseHref(house.id, stay, party)}
        prefetch={false}
        className={cx(textLink, 'mt-2 inline-block text-base font-bold')}
      >
        {house.name || `#${house.id}`}
      </Link>
    </th>
  );
}

function BookLink({ house, stay, party }: { house: ComparedHouse; stay: Partial<StayDates>; party: Party }) {
  const t = useTranslations('compare');
  const priced = house.price.kind === 'price' || house.price.kind === 'otherParty';
  const name = <span className="sr-only"> {house.name || `#${house.id}`}</span>;
  if (priced && stay.startDate !== undefined && stay.endDate !== undefined) {
    return (
      <Link
        href={bookingHref(house.id, { startDate: stay.startDate, endDate: stay.endDate }, party)}
        prefetch={false}
        className={cx(buttonPrimary, 'mt-3 w-full')}
      >
        {t('book')}
        {name}
      </Link>
    );
  }
  return (
    <Link
      href={houseHref(house.id, stay, party)}
      prefetch={false}
      className={cx(buttonSecondary, 'mt-3 w-full')}
    >
      {t('view')}
      {name}
    </Link>
  );
}

export function CompareTable({
  houses,
  comparison,
  stay,
  party,
}: {
  houses: readonly ComparedHouse[];
  comparison: Comparison;
  stay: Partial<StayDates>;
  party: Party;
}) {
  const t = useTranslations('compare');
  const labels = useTranslations('house.factLabels');
  return (
    <div
      role="region"
      aria-labelledby="compare-caption"
      className="overflow-x-auto rounded-xl border border-slate-200"
    >
      <table
        className={cx(
          'w-full table-fixed border-collapse text-sm text-slate-800',
          TABLE_WIDTH[houses.length],
        )}
      >
        <caption id="compare-caption" className="sr-only">
          {t('caption')}
        </caption>
        <colgroup>
          <col className="w-28 sm:w-44" />
          {houses.map((house) => (
            <col key={house.id} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className="sticky left-0 z-10 bg-white" />
            {houses.map((house) => (
              <ColumnHead key={house.id} house={house} stay={stay} party={party} />
            ))}
          </tr>
        </thead>
        <tbody>
          <Row label={t('rows.price')} marks={comparison.price} mark={t('marks.lowest')}>
            {(index) => (
              <>
                <PriceValue house={houses[index]!} party={party} />
                <BookLink house={houses[index]!} stay={stay} party={party} />
              </>
            )}
          </Row>
          {FACT_ROWS.map((fact) => (
            <Row key={fact} label={labels(fact)} marks={comparison.facts[fact]} mark={t('marks.most')} bold>
              {(index) => <FactValue house={houses[index]!} fact={fact} />}
            </Row>
          ))}
          <Row label={t('rows.mandatory')} marks={comparison.mandatory}>
            {(index) => <MandatoryCosts services={houses[index]!.mandatory} pets={party.pets} />}
          </Row>
          {comparison.features.length > 0 ? (
            <tr className="border-t border-slate-300">
              <th
                scope="rowgroup"
                colSpan={houses.length + 1}
                className="bg-slate-50 px-3 py-2 text-left text-base font-bold text-slate-950"
              >
                <span className="sticky left-3">{t('rows.features')}</span>
              </th>
            </tr>
          ) : null}
          {comparison.features.map((feature) => (
            <Row key={feature.key} label={feature.name} marks={feature}>
              {(index) => <FeatureValue available={feature.cells[index] ?? null} />}
            </Row>
          ))}
        </tbody>
      </table>
    </div>
  );
}
