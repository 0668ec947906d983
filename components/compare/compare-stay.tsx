import { useLocale, useTranslations } from 'next-intl';
import { countNights, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { getFirstArrival, getLastBookableArrival } from '@/lib/booking/deep-link';
import { DEFAULT_PARTY, PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { formatStayRange } from '@/components/ui/format';
import { toLocale } from '@/components/ui/locale';
import { buttonSecondary, fieldInput, fieldLabel } from '@/components/ui/styles';
import { usePartySummary } from '@/components/search/use-party-summary';

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
    <section
      aria-labelledby="compare-stay-heading"
      className="rounded-xl border border-slate-200 bg-brand-50 p-4"
    >
      <h2 id="compare-stay-heading" className="font-semibold text-slate-950">
        {t('heading')}
      </h2>
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
          <div>
            <label htmlFor="compare-start" className={fieldLabel}>
              {t('arrival')}
            </label>
            <input
              id="compare-start"
              type="date"
              name="startDate"
              required
              defaultValue={stay.startDate}
              min={getFirstArrival(today)}
              max={getLastBookableArrival(today)}
              className={fieldInput}
            />
          </div>
          <div>
            <label htmlFor="compare-end" className={fieldLabel}>
              {t('departure')}
            </label>
            <input
              id="compare-end"
              type="date"
              name="endDate"
              required
              defaultValue={stay.endDate}
              min={getFirstArrival(today)}
              className={fieldInput}
            />
          </div>
          <button type="submit" className={buttonSecondary}>
            {t('show')}
          </button>
        </form>
      </details>
    </section>
  );
}
