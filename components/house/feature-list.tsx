import { useTranslations } from 'next-intl';
import type { Feature } from '@/lib/booking/types';
import { CheckIcon, CrossIcon } from '@/components/ui/icons';
import { Section } from '@/components/ui/section';

/** Features, the ones this house has first (the mapper keeps that order). */
export function FeatureList({ features }: { features: Feature[] }) {
  const t = useTranslations('house.features');
  if (features.length === 0) return null;
  return (
    <Section id="features-heading" heading={t('title')}>
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {features.map((feature) => (
          <li
            key={feature.keyword || feature.name}
            className={feature.available ? 'flex items-center gap-2 text-slate-900' : 'flex items-center gap-2 text-slate-600'}
          >
            {feature.available ? (
              <CheckIcon className="shrink-0 text-brand-700" />
            ) : (
              <CrossIcon className="shrink-0 text-slate-500" />
            )}
            <span className={feature.available ? '' : 'line-through'}>{feature.name}</span>
            <span className="sr-only">({feature.available ? t('available') : t('notAvailable')})</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
