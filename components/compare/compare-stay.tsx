import { useLocale, useTranslations } from 'next-intl';
import { countNights, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { getFirstArrival, getLastBookableArrival } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY, PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { formatStayRange } from '@/components/ui/format';
import { toLocale } from '@/components/ui/locale';
import { buttonSecondary, fieldInput, fieldLabel } from '@/components/ui/styles';
import { usePartySummary } from '@/components/search/use-party-summary';
import { cx } from '@/components/ui/cx';
import { Section, panel } from '@/components/ui/section';

const STAY_FIELDS = [
  { name: 'startDate', label: 'arrival' },
  { name: 'endDate', label: 'departure' },
] as const;

/**
 * The stay and party every column is priced for, and a plain GET form to price another stay: it
 * keeps the houses and the party, works without JavaScript, and leads to a new shareable address.
 * The form is folded away while a stay is priced.
 */
export function CompareStay({
  stay,
  party,
  ids,
  action,
  today,
}: {
  stay: Partial<StayDates>;
  party: Party;
  ids: readonly number[];
  /** The localized address of the compare page, e.g. `/en/compare`. */
  action: string;
  today: CalendarDate;
}) {
  const t = useTranslations('compare.stay');
  const locale = toLocale(useLocale());
  const partySummary = usePartySummary(party);
  const complete = stay.startDate !== undefined && stay.endDate !== undefined;
  return (
    <Section
      id="compare-stay-heading"
      heading={t('heading')}
      headingClassName="font-semibold text-slate-950"
      className={cx(panel.brand, 'p-4')}
    >
      <p className="mt-1 text-slate-800" data-testid="compare-stay">
        {complete
          ? t('summary', {
              range: formatStayRange(stay.startDate!, stay.endDate!, locale),
              nights: countNights(stay.startDate!, stay.endDate!),
              party: partySummary,
            })
          : t('noDates', { party: partySummary })}
      </p>
      {/* Closed while a stay is priced, so on a phone the houses come first; a plain element, no script. */}
      <details open={!complete} className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline underline-offset-2">
          {complete ? t('change') : t('choose')}
        </summary>
        <form action={action} method="get" className="mt-2 flex flex-wrap items-end gap-3">
          <input type="hidden" name="houses" value={ids.join(',')} />
          {PARTY_FIELDS.map((field) =>
            party[field] === DEFAULT_PARTY[field] ? null : (
              <input key={field} type="hidden" name={field} value={String(party[field])} />
            ),
          )}
          {STAY_FIELDS.map(({ name, label }) => (
            <div key={name}>
              <label htmlFor={`compare-${name}`} className={fieldLabel}>
                {t(label)}
              </label>
              <input
                id={`compare-${name}`}
                type="date"
                name={name}
                required
                defaultValue={stay[name]}
                min={getFirstArrival(today)}
                max={name === 'startDate' ? getLastBookableArrival(today) : undefined}
                className={fieldInput}
              />
            </div>
          ))}
          <button type="submit" className={buttonSecondary}>
            {t('show')}
          </button>
        </form>
      </details>
    </Section>
  );
}
