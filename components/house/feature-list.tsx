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
          // The name is the item's own text (struck through when the house lacks it): no element
          // of its own, as the list is part of the markup parsed before the page is painted.
          <li
            key={feature.keyword || feature.name}
            className={
              feature.available
                ? 'flex items-center gap-2 text-slate-900'
                : 'flex items-center gap-2 text-slate-600 line-through'
            }
          >
            {feature.available ? (
              <CheckIcon className="shrink-0 text-brand-700" />
            ) : (
              <CrossIcon className="shrink-0 text-slate-500" />
            )}
            {feature.name}
            <span className="sr-only">({feature.available ? t('available') : t('notAvailable')})</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
