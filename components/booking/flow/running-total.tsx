'use client';

import { useTranslations } from 'next-intl';
import { lineCost, selectionTotal } from '@/lib/booking/costs';
import {
  addAdvanceLines,
  pricedLine,
  toPriceBreakdown,
  type PriceBreakdown,
} from '@/lib/booking/price-breakdown';
import { otherPartyPriced } from '@/lib/booking/price-party';
import type { PriceOverview } from '@/lib/booking/types';
import { card } from '@/components/ui/styles';
import { CostBreakdown } from '../cost-breakdown';
import { useFlow } from './flow-context';
import { useBookingFormat } from './use-booking-format';

/**
 * The running total beside every step, in the same shape as the house page's price: the
 * partner's specification for the stay (what is paid in advance and at the park, the deposit
 * apart) plus the preferences and services the guest chooses, recomputed as choices change
 * (lib/booking/costs). Once a hold exists, the partner's specification for it takes over. Where
 * the partner gave no specification for the stay, it falls back to the rent plus the choices,
 * marked as an estimate.
 */
export function RunningTotal({
  heldPrice,
  heldUnitNumber,
}: {
  /** The partner's price specification for this session's hold of the current selection. */
  heldPrice?: PriceOverview | null;
  heldUnitNumber?: string | null;
}) {
  const t = useTranslations('booking');
  const { data, selection } = useFlow();
  const f = useBookingFormat(data.locale);
  const counts = { nights: data.nights, persons: data.persons };

  const prefs = data.preferences.filter((p) => selection.preferenceIds.includes(p.id));
  const services = selection.services
    .map((pick) => ({ pick, service: data.services.find((s) => s.id === pick.id) }))
    .filter(
      (x): x is { pick: (typeof x)['pick']; service: NonNullable<(typeof x)['service']> } =>
        x.service !== undefined,
    );
  const unitNumber = heldUnitNumber ?? data.units.find((u) => u.id === selection.unitId)?.number ?? null;
  const chosenLines = [
    ...prefs.map((p) =>
      pricedLine(p.name, lineCost({ cost: p.cost, costType: p.costType, ...counts }).amount),
    ),
    ...services.map(({ pick, service }) =>
      pricedLine(
        pick.quantity > 1
          ? t('summary.quantityLine', { quantity: pick.quantity, name: service.name })
          : service.name,
        lineCost({ cost: service.cost, costType: service.costType, quantity: pick.quantity, ...counts })
          .amount,
      ),
    ),
  ];
  const breakdown: PriceBreakdown | null = heldPrice
    ? toPriceBreakdown(heldPrice)
    : data.stayCosts
      ? addAdvanceLines(toPriceBreakdown(data.stayCosts), chosenLines)
      : null;
  // The rent-plus-choices estimate, only where no partner breakdown is shown.
  const total =
    breakdown !== null || data.rent === null
      ? null
      : selectionTotal({
          rent: data.rent,
          services: services.map(({ pick, service }) => ({
            cost: service.cost,
            costType: service.costType,
            quantity: pick.quantity,
          })),
          preferences: prefs.map((p) => ({ cost: p.cost, costType: p.costType })),
          ...counts,
        });
  const confirmed = heldPrice != null;
  // A rent the partner priced for another party is shown as that party's, and adds up to no total.
  const otherParty = total && data.rentPrice ? otherPartyPriced(data.rentPrice, data.criteria.party) : null;
  const shownTotal = breakdown
    ? (breakdown.price ?? breakdown.partnerTotal?.amount ?? null)
    : otherParty
      ? null
      : (total?.total ?? null);
  const deposit = breakdown?.deposit?.total ?? null;

  const details = (
    <div className="space-y-4 p-4 text-sm">
      <div>
        <p className="font-semibold text-slate-900">{data.houseName}</p>
        <p className="text-slate-700" data-testid="stay-dates">
          {f.stay(data.criteria.startDate, data.criteria.endDate)}
        </p>
        <p className="text-slate-700">{t('summary.nights', { count: data.nights })}</p>
        <p className="text-slate-700">{f.party(data.criteria.party)}</p>
        <p className="text-slate-700">
          {unitNumber ? t('summary.unit', { number: unitNumber }) : t('summary.anyUnit')}
        </p>
      </div>
      {breakdown ? (
        <div className="border-t border-slate-200 pt-3">
          <CostBreakdown breakdown={breakdown} locale={data.locale} compact testId="running-breakdown" />
        </div>
      ) : total ? (
        <dl className="space-y-1.5 border-t border-slate-200 pt-3">
          <div className="flex justify-between gap-3">
            <dt>
              {otherParty
                ? t('summary.rentOtherParty', { party: t(`summary.${otherParty.key}`, otherParty.values) })
                : t('summary.rent')}
            </dt>
            <dd className="tabular-nums">{f.money(total.rent)}</dd>
          </div>
          {prefs.map((p) => (
            <div key={`p${p.id}`} className="flex justify-between gap-3">
              <dt>{p.name}</dt>
              <dd className="tabular-nums">
                {f.money(lineCost({ cost: p.cost, costType: p.costType, ...counts }).amount)}
              </dd>
            </div>
          ))}
          {services.map(({ pick, service }) => (
            <div key={`s${service.id}`} className="flex justify-between gap-3">
              <dt>
                {pick.quantity > 1
                  ? t('summary.quantityLine', { quantity: pick.quantity, name: service.name })
                  : service.name}
              </dt>
              <dd className="tabular-nums">
                {f.money(
                  lineCost({
                    cost: service.cost,
                    costType: service.costType,
                    quantity: pick.quantity,
                    ...counts,
                  }).amount,
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );

  const totalLine = (
    <p className="flex items-baseline justify-between gap-3">
      <span className="font-semibold">
        {confirmed || breakdown ? t('summary.total') : t('summary.estimatedTotal')}
      </span>
      <span className="text-lg font-bold tabular-nums" data-testid="running-total">
        {shownTotal === null ? '—' : f.money(shownTotal)}
      </span>
    </p>
  );
  const depositLine =
    deposit !== null && deposit > 0 ? (
      <p className="text-xs text-slate-700" data-testid="running-deposit">
        {t('summary.plusDeposit', { amount: f.money(deposit) })}
      </p>
    ) : null;

  return (
    <aside aria-labelledby="summary-heading" className={`${card} lg:sticky lg:top-4`}>
      <h2 id="summary-heading" className="sr-only">
        {t('summary.heading')}
      </h2>
      {/* A choice that changes the total says the new one to a screen reader, as the house page does. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="running-total-announced">
        {shownTotal === null ? '' : `${t('summary.total')} ${f.money(shownTotal)}`}
      </p>
      {/* Phones: the total stays in sight, the details fold away. */}
      <details className="group lg:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
          <span className="flex-1">
            {totalLine}
            {depositLine}
          </span>
          <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-180">
            ▾
          </span>
          <span className="sr-only">{t('summary.showDetails')}</span>
        </summary>
        <div className="border-t border-slate-200">{details}</div>
      </details>
      <div className="hidden lg:block">
        <p className="border-b border-slate-200 px-4 py-3 font-semibold">{t('summary.heading')}</p>
        {details}
        <div className="border-t border-slate-200 px-4 py-3">
          {totalLine}
          {depositLine}
        </div>
      </div>
      {!confirmed ? (
        <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-600">
          {otherParty ? t('summary.otherPartyNote') : t('summary.estimateNote')}
        </p>
      ) : null}
    </aside>
  );
}
