import { useLocale, useTranslations } from 'next-intl';
import { isKnownCostType } from '@/lib/booking/costs';
import { formatMoney } from '@/lib/booking/money';
import { isPetCost } from '@/lib/booking/pet-costs';
import type { Service } from '@/lib/booking/types';
import { toLocale } from '@/components/ui/locale';
import { Section } from '@/components/ui/section';

function ServiceRows({
  services,
  included,
  pets = 0,
}: {
  services: Service[];
  included?: boolean;
  pets?: number;
}) {
  const t = useTranslations('house.services');
  const locale = toLocale(useLocale());
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {services.map((service) => (
        <li key={service.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
          <span className="font-medium text-slate-900">
            {service.name}
            {service.hasDatePicker ? (
              <span className="block text-sm font-normal text-slate-700">{t('onChosenDay')}</span>
            ) : null}
          </span>
          <span className="text-right text-sm text-slate-800">
            <span className="font-semibold text-slate-950">{formatMoney(service.cost, locale)}</span>{' '}
            {isKnownCostType(service.costType) ? t(`costTypes.${service.costType}`) : null}
            {included && pets === 0 && isPetCost(service) ? (
              <span className="ml-2 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {t('onlyWithPets')}
              </span>
            ) : included ? (
              <span className="ml-2 inline-block rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                {t('included')}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Mandatory services (in the price), optional services and preferences, each with cost and cost type. */
export function ServiceList({
  mandatory,
  optional,
  preferences,
  pets,
}: {
  mandatory: Service[];
  optional: Service[];
  preferences: Service[];
  /** Pets in the party the page is for: costs only pets bring are not "included" without them. */
  pets: number;
}) {
  const t = useTranslations('house.services');
  const blocks = [
    { key: 'mandatory', services: mandatory, included: true },
    { key: 'optional', services: optional, included: false },
    { key: 'preferences', services: preferences, included: false },
  ] as const;
  if (blocks.every((block) => block.services.length === 0)) return null;
  return (
    <Section id="services-heading" heading={t('title')} className="space-y-5">
      {blocks.map((block) =>
        block.services.length > 0 ? (
          <div key={block.key}>
            <h3 className="text-lg font-semibold text-slate-950">{t(`${block.key}.title`)}</h3>
            <p className="mt-1 mb-2 text-sm text-slate-700">{t(`${block.key}.intro`)}</p>
            <ServiceRows services={block.services} included={block.included} pets={pets} />
          </div>
        ) : null,
      )}
    </Section>
  );
}
