import { useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/booking/money';
import type { Locale } from '@/lib/i18n/locales';
import type { PriceGroup, PriceOverview } from '@/lib/booking/types';
import { cx } from '@/components/ui/cx';
import { plainSpaces } from './flow/plain-spaces';

const KNOWN_GROUPS = ['PayInAdvance', 'Deposit', 'PayAtLocation', 'Total'] as const;

function groupTitle(t: (key: string) => string, group: PriceGroup): string {
  if (group.header) return group.header;
  return (KNOWN_GROUPS as readonly string[]).includes(group.id)
    ? t(`price.groups.${group.id}`)
    : t('price.groups.Other');
}

/**
 * The partner's price specification: what to pay in advance, the deposit, what is paid at the
 * park, and the total, with discounts marked. Amounts the partner sent as unreadable text are
 * shown as that text.
 */
export function PriceSpecification({
  price,
  locale,
  headingLevel = 3,
}: {
  price: PriceOverview;
  locale: Locale;
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations('booking');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const amount = (value: number | null, text: string) =>
    value === null ? text : plainSpaces(formatMoney(value, locale));
  if (price.groups.length === 0) return <p className="text-sm text-slate-700">{t('price.empty')}</p>;
  return (
    <div className="space-y-4" data-testid="price-specification">
      {price.groups.map((group) => {
        const isTotal = group.id === 'Total';
        return (
          <section
            key={group.id}
            aria-label={groupTitle(t, group)}
            className={cx(isTotal && 'border-t-2 border-slate-300 pt-3')}
          >
            {isTotal ? null : (
              <Heading className="mb-1 flex justify-between gap-3 text-sm font-semibold uppercase tracking-wide text-slate-700">
                <span>{groupTitle(t, group)}</span>
                {group.subtotal !== undefined ? (
                  <span className="tabular-nums">{plainSpaces(formatMoney(group.subtotal, locale))}</span>
                ) : null}
              </Heading>
            )}
            <dl className="space-y-1">
              {group.lines.map((line, index) => (
                <div
                  key={`${group.id}-${index}`}
                  className={cx(
                    'flex justify-between gap-3',
                    isTotal ? 'text-lg font-bold' : 'text-sm',
                    line.isDiscount && 'text-green-800',
                  )}
                >
                  <dt className="min-w-0">
                    {line.name}
                    {line.isDiscount ? <span className="sr-only"> ({t('price.discount')})</span> : null}
                    {line.info ? (
                      <span className="block text-xs font-normal text-slate-600">{line.info}</span>
                    ) : null}
                  </dt>
                  <dd className="shrink-0 tabular-nums">{amount(line.amount, line.text)}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
