import { useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/booking/money';
import { formatPriceLineInfo } from '@/lib/booking/price-line-info';
import type { BreakdownPart, PriceBreakdown } from '@/lib/booking/price-breakdown';
import type { PriceLine } from '@/lib/booking/types';
import type { Locale } from '@/lib/i18n/locales';
import { cx } from '@/components/ui/cx';
import { plainSpaces } from './flow/plain-spaces';

const KNOWN_PARTS = ['PayInAdvance', 'Deposit', 'PayAtLocation'] as const;

/**
 * Every cost of a stay in one shape, wherever the guest reads a price: what is paid in advance,
 * what at the park, the total price of the stay, and the refundable deposit apart from it. The
 * house page, the running total of the flow and the overview all render this component from the
 * partner's price specification, so a guest never meets a cost at the last step that the first
 * look did not show.
 */
export function CostBreakdown({
  breakdown,
  locale,
  headingLevel = 3,
  compact = false,
  testId = 'cost-breakdown',
}: {
  breakdown: PriceBreakdown;
  locale: Locale;
  headingLevel?: 3 | 4;
  /** Smaller type for side panels. */
  compact?: boolean;
  testId?: string;
}) {
  const t = useTranslations('booking.price');
  const money = (value: number) => plainSpaces(formatMoney(value, locale));
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const parts = [breakdown.advance, breakdown.atPark, ...breakdown.other].filter(
    (part): part is BreakdownPart => part !== null && part.lines.length > 0,
  );
  const title = (part: BreakdownPart) =>
    part.header ??
    ((KNOWN_PARTS as readonly string[]).includes(part.id) ? t(`groups.${part.id}`) : t('groups.Other'));
  const total =
    breakdown.price !== null
      ? money(breakdown.price)
      : breakdown.partnerTotal
        ? breakdown.partnerTotal.amount !== null
          ? money(breakdown.partnerTotal.amount)
          : breakdown.partnerTotal.text
        : null;

  const section = (part: BreakdownPart) => (
    <section key={part.id} aria-label={title(part)}>
      <Heading className="mb-1 flex justify-between gap-3 text-sm font-semibold text-slate-800">
        <span>{title(part)}</span>
        {part.total !== null ? <span className="tabular-nums">{money(part.total)}</span> : null}
      </Heading>
      <dl className="space-y-1">
        {part.lines.map((line, index) => (
          <Line key={`${part.id}-${index}`} line={line} money={money} locale={locale} discountLabel={t('discount')} />
        ))}
      </dl>
    </section>
  );

  return (
    <div className={cx('space-y-3', compact ? 'text-sm' : 'text-sm sm:text-base')} data-testid={testId}>
      {parts.length === 0 && total === null ? <p className="text-slate-700">{t('empty')}</p> : null}
      {parts.map(section)}
      {total !== null ? (
        <p className="flex items-baseline justify-between gap-3 border-t-2 border-slate-300 pt-2 font-bold">
          <span>{breakdown.deposit ? t('priceWithoutDeposit') : t('priceTotal')}</span>
          <span className="text-lg tabular-nums" data-testid={`${testId}-total`}>
            {total}
          </span>
        </p>
      ) : null}
      {breakdown.atPark?.total ? (
        <p className="text-xs text-slate-600">
          {t('atParkNote', { amount: money(breakdown.atPark.total) })}
        </p>
      ) : null}
      {breakdown.deposit && breakdown.deposit.lines.length > 0 ? (
        <section
          aria-label={t('depositTitle')}
          className="rounded-lg border border-slate-200 bg-slate-50 p-3"
          data-testid={`${testId}-deposit`}
        >
          <Heading className="mb-1 flex justify-between gap-3 text-sm font-semibold text-slate-800">
            {/* Our own title: the partner's ("Deposit") does not say the money comes back. */}
            <span>{t('depositTitle')}</span>
            {breakdown.deposit.total !== null ? (
              <span className="tabular-nums">{money(breakdown.deposit.total)}</span>
            ) : null}
          </Heading>
          <dl className="space-y-1">
            {breakdown.deposit.lines.map((line, index) => (
              <Line key={`deposit-${index}`} line={line} money={money} locale={locale} discountLabel={t('discount')} />
            ))}
          </dl>
          <p className="mt-1 text-xs text-slate-600">{t('depositNote')}</p>
        </section>
      ) : null}
    </div>
  );
}

function Line({
  line,
  money,
  locale,
  discountLabel,
}: {
  line: PriceLine;
  money: (value: number) => string;
  locale: Locale;
  discountLabel: string;
}) {
  const info = formatPriceLineInfo(line, locale);
  return (
    <div className={cx('flex justify-between gap-3', line.isDiscount && 'text-green-800')}>
      <dt className="min-w-0">
        {line.name}
        {line.isDiscount ? <span className="sr-only"> ({discountLabel})</span> : null}
        {info ? <span className="block text-xs font-normal text-slate-600">{plainSpaces(info)}</span> : null}
      </dt>
      <dd className="shrink-0 tabular-nums">{line.amount === null ? line.text : money(line.amount)}</dd>
    </div>
  );
}
