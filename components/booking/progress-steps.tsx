'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { cx } from '@/components/ui/cx';
import { useFlow } from './flow/flow-context';
import { expectStepFocus } from './flow/step-focus';
import { STEPS, bookingPath, stepIndex } from '@/lib/booking/selection';

/**
 * Where the guest is: four numbered steps; earlier ones link back with the current choices, the
 * current one is marked for assistive technology, later ones are plain text.
 */
export function ProgressSteps() {
  const t = useTranslations('booking');
  const { data, step: current, selection } = useFlow();
  const at = stepIndex(current);
  return (
    <nav aria-label={t('progress.label')}>
      <p className="mb-2 text-sm font-medium text-slate-700 sm:hidden">
        {t('progress.stepOf', { step: at + 1, total: STEPS.length, name: t(`steps.${current}`) })}
      </p>
      <ol className="grid grid-cols-4 gap-1.5 sm:gap-3">
        {STEPS.map((step, index) => {
          const done = index < at;
          const isCurrent = index === at;
          const content = (
            <>
              <span
                aria-hidden="true"
                className={cx(
                  'block h-1.5 rounded-full',
                  done || isCurrent ? 'bg-brand-600' : 'bg-slate-200',
                )}
              />
              <span className="mt-1.5 hidden text-sm sm:block">
                <span className="font-semibold">{index + 1}.</span> {t(`steps.${step}`)}
              </span>
              <span className="sr-only sm:hidden">
                {index + 1}. {t(`steps.${step}`)}
              </span>
              {done ? <span className="sr-only"> ({t('progress.done')})</span> : null}
            </>
          );
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={cx(isCurrent ? 'text-slate-900' : 'text-slate-600')}
            >
              {done ? (
                <Link prefetch={false}
                  href={bookingPath(data.locale, data.houseId, data.criteria, selection, step)}
                  onClick={() => expectStepFocus(step)}
                  className="block min-h-11 rounded-md py-1 hover:text-brand-700"
                >
                  {content}
                </Link>
              ) : (
                <span className="block min-h-11 py-1">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
