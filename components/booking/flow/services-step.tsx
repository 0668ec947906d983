'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef } from 'react';
import { lineCost } from '@/lib/booking/costs';
import { addDays, countNights } from '@/lib/booking/dates';
import { formatDate } from '@/lib/booking/date-format';
import type { Service } from '@/lib/booking/types';
import { buttonPrimary, buttonSecondary, card, fieldInput, fieldLabel } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { Stepper } from '@/components/ui/stepper';
import { useFlow } from './flow-context';
import { chosenCartItems } from '@/lib/analytics/cart-items';
import { useAddToCartEvents } from '@/lib/analytics/react';
import { StepHeading } from './step-heading';
import { MAX_PIECES, type ServicePick } from '@/lib/booking/selection';
import { plainSpaces } from './plain-spaces';
import { useBookingFormat } from './use-booking-format';
import { useChoicesMadeBeforeHydration } from './choices-before-hydration';

/**
 * Step 2: optional services for the period. Per-piece services take a quantity; the others are
 * added once; a service with a date picker asks for a night of the stay. Each line shows what it
 * costs for this stay and party.
 */
export function ServicesStep() {
  const t = useTranslations('booking');
  const { data, selection, setSelection, goTo, navigating } = useFlow();
  useAddToCartEvents(chosenCartItems(data, selection));
  const f = useBookingFormat(data.locale);
  const headingId = useId();
  const nights = Array.from({ length: countNights(data.criteria.startDate, data.criteria.endDate) }, (_, i) =>
    addDays(data.criteria.startDate, i),
  );

  const groups = new Map<string, Service[]>();
  for (const service of data.services) {
    const group = service.group ?? t('services.otherGroup');
    groups.set(group, [...(groups.get(group) ?? []), service]);
  }

  function update(id: number, pick: ServicePick | null) {
    const others = selection.services.filter((s) => s.id !== id);
    setSelection({ ...selection, services: pick ? [...others, pick] : others });
  }

  const firstPick = (service: Service): ServicePick => ({
    id: service.id,
    quantity: 1,
    ...(service.hasDatePicker && nights[0] ? { date: nights[0] } : {}),
  });

  // Extras ticked before the scripts ran are the guest's choice, as shown.
  const stepRef = useRef<HTMLElement>(null);
  useChoicesMadeBeforeHydration(stepRef, (shown) => {
    let services = selection.services;
    for (const [value, checked] of shown.get('service') ?? []) {
      const service = data.services.find((s) => s.id === Number(value));
      if (!service || checked === services.some((s) => s.id === service.id)) continue;
      services = checked ? [...services, firstPick(service)] : services.filter((s) => s.id !== service.id);
    }
    if (services !== selection.services) setSelection({ ...selection, services });
  });

  return (
    <section ref={stepRef} aria-labelledby={headingId} className="space-y-6">
      <StepHeading id={headingId}>{t('steps.services')}</StepHeading>
      <p className="text-slate-700">{t('services.intro')}</p>
      {data.services.length === 0 ? <p className={cx(card, 'p-4')}>{t('services.none')}</p> : null}
      {[...groups].map(([group, services]) => (
        <fieldset key={group} className={cx(card, 'p-4')}>
          <legend className="sr-only">{group}</legend>
          <h3 className="mb-1 text-base font-semibold" aria-hidden="true">
            {group}
          </h3>
          <ul className="divide-y divide-slate-200">
            {services.map((service) => {
              const pick = selection.services.find((s) => s.id === service.id);
              const price = `${f.money(service.cost)} ${f.costType(service.costType)}`;
              const line = pick
                ? lineCost({
                    cost: service.cost,
                    costType: service.costType,
                    quantity: pick.quantity,
                    nights: data.nights,
                    persons: data.persons,
                  })
                : null;
              return (
                <li key={service.id} className="py-2">
                  {service.costType === 'PER_PIECE' ? (
                    <Stepper
                      messages="booking.stepper"
                      label={service.name}
                      hint={price}
                      value={pick?.quantity ?? 0}
                      min={0}
                      max={MAX_PIECES}
                      onChange={(quantity) =>
                        update(
                          service.id,
                          quantity === 0
                            ? null
                            : {
                                ...(pick ?? (service.hasDatePicker && nights[0] ? { date: nights[0] } : {})),
                                id: service.id,
                                quantity,
                              },
                        )
                      }
                    />
                  ) : (
                    <label className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 py-2">
                      <input
                        type="checkbox"
                        name="service"
                        value={service.id}
                        className="row-span-2 mt-1 size-5 shrink-0 accent-brand-600"
                        checked={pick !== undefined}
                        onChange={(e) => update(service.id, e.target.checked ? firstPick(service) : null)}
                      />
                      <span className="font-medium">{service.name}</span>
                      <span className="text-sm text-slate-600">{price}</span>
                    </label>
                  )}
                  {pick && service.hasDatePicker ? (
                    <div className="ml-8 mt-1 max-w-xs">
                      <label htmlFor={`svc-date-${service.id}`} className={fieldLabel}>
                        {t('services.date', { name: service.name })}
                      </label>
                      <select
                        id={`svc-date-${service.id}`}
                        className={cx(fieldInput, 'mt-1')}
                        value={pick.date ?? nights[0] ?? ''}
                        onChange={(e) => update(service.id, { ...pick, date: e.target.value })}
                      >
                        {nights.map((night) => (
                          <option key={night} value={night}>
                            {plainSpaces(formatDate(night, data.locale, 'full'))}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {line ? (
                    <p className="ml-8 mt-1 text-sm font-medium text-slate-800">
                      {t('services.lineTotal', { amount: f.money(line.amount) })}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => goTo('preferences')}
          disabled={navigating}
        >
          {t('nav.back')}
        </button>
        <button type="button" className={buttonPrimary} onClick={() => goTo('guest')} disabled={navigating}>
          {navigating ? t('nav.loading') : t('nav.toGuest')}
        </button>
      </div>
    </section>
  );
}
