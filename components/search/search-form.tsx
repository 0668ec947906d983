'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { addDays, countNights, isCalendarDate, type CalendarDate } from '@/lib/booking/dates';
import { MAX_STAY_NIGHTS } from '@/lib/booking/deep-link';
import { MAX_PERSONS, PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { useNavigate } from '@/components/ui/navigation-pending';
import { buttonPrimary, fieldError, fieldInput, fieldLabel } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { PartyFields } from './party-fields';
import { requestResultsFocus } from './results-focus';
import {
  createSearchFormSchema,
  getDateBounds,
  toSearchQuery,
  type SearchExtras,
  type SearchFormValues,
} from './search-form-schema';
import { useHydrated } from '@/components/ui/use-hydrated';

export interface SearchFormProps {
  today: CalendarDate;
  startDate?: CalendarDate | undefined;
  endDate?: CalendarDate | undefined;
  party: Party;
  /** Page-only choices (house type, sort, pets filter) kept when searching again. */
  extras?: SearchExtras;
  headingId?: string;
}

/**
 * The search form: a plain GET form to /{locale}/search that works before and without
 * JavaScript; once hydrated it validates with the form schema and navigates client-side.
 */
export function SearchForm({ today, startDate, endDate, party, extras = {}, headingId }: SearchFormProps) {
  const t = useTranslations('searchForm');
  const locale = useLocale();
  const hydrated = useHydrated();
  const { pending, navigate } = useNavigate();
  const schema = useMemo(() => createSearchFormSchema(today), [today]);
  const form = useForm<SearchFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { startDate: startDate ?? '', endDate: endDate ?? '', ...party },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, formState, setValue, getValues } = form;
  const errors = formState.errors;
  const watched = useWatch({ control });
  const start = watched.startDate ?? '';
  const end = watched.endDate ?? '';
  const bounds = getDateBounds(today, start);
  const nights = isCalendarDate(start) && isCalendarDate(end) ? countNights(start, end) : null;
  const [stayLength, setStayLength] = useState(nights !== null && nights > 0 ? nights : 2);

  const liveParty = Object.fromEntries(PARTY_FIELDS.map((f) => [f, watched[f] ?? Number.NaN])) as Party;

  const startField = register('startDate', {
    onChange: (event: { target: { value: string } }) => {
      // Moving the arrival keeps the length of the stay, so the departure never ends up before it.
      const nextStart = event.target.value;
      const currentEnd = getValues('endDate');
      if (!isCalendarDate(nextStart)) return;
      const span = isCalendarDate(currentEnd) ? countNights(nextStart, currentEnd) : 0;
      if (span < 1 || span > MAX_STAY_NIGHTS) {
        setValue('endDate', addDays(nextStart, stayLength), { shouldValidate: formState.isSubmitted });
      }
    },
  });
  const endField = register('endDate', {
    onChange: (event: { target: { value: string } }) => {
      const currentStart = getValues('startDate');
      const value = event.target.value;
      if (!isCalendarDate(currentStart) || !isCalendarDate(value)) return;
      const span = countNights(currentStart, value);
      if (span >= 1 && span <= MAX_STAY_NIGHTS) setStayLength(span);
    },
  });

  const onValid = (values: SearchFormValues) => {
    if (pending) return;
    requestResultsFocus();
    navigate(`/search?${toSearchQuery(values, extras)}`);
  };

  const dateError = (field: 'startDate' | 'endDate') => {
    const message = errors[field]?.message;
    return message ? t(`errors.${message}`, { maxNights: MAX_STAY_NIGHTS, maxPersons: MAX_PERSONS }) : undefined;
  };
  const startError = dateError('startDate');
  const endError = dateError('endDate');
  const errorCount = Object.keys(errors).length;

  return (
    <form
      action={`/${locale}/search`}
      method="get"
      noValidate={hydrated}
      onSubmit={form.handleSubmit(onValid)}
      aria-labelledby={headingId}
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto] lg:items-start"
    >
      <div>
        <label htmlFor="search-start" className={fieldLabel}>
          {t('startDate')}
        </label>
        <input
          id="search-start"
          type="date"
          defaultValue={startDate ?? ''}
          min={bounds.start.min}
          max={bounds.start.max}
          aria-invalid={startError ? true : undefined}
          aria-describedby={startError ? 'search-start-error' : undefined}
          className={cx(fieldInput, 'mt-1')}
          {...startField}
        />
        {startError ? (
          <p id="search-start-error" className={fieldError}>
            {startError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="search-end" className={fieldLabel}>
          {t('endDate')}
        </label>
        <input
          id="search-end"
          type="date"
          defaultValue={endDate ?? ''}
          min={bounds.end.min}
          max={bounds.end.max}
          aria-invalid={endError ? true : undefined}
          aria-describedby={[endError ? 'search-end-error' : null, 'search-nights'].filter(Boolean).join(' ')}
          className={cx(fieldInput, 'mt-1')}
          {...endField}
        />
        {endError ? (
          <p id="search-end-error" className={fieldError}>
            {endError}
          </p>
        ) : null}
        <p id="search-nights" className="mt-1 min-h-5 text-sm text-slate-700" aria-live="polite">
          {nights !== null && nights > 0 ? t('nights', { count: nights }) : start || end ? '' : t('anyDates')}
        </p>
      </div>
      <div className="col-span-2 lg:col-span-1">
        <span className={fieldLabel} aria-hidden="true">
          {t('party')}
        </span>
        <div className="mt-1">
          <PartyFields control={control} errors={errors} party={liveParty} />
        </div>
      </div>
      <div className="col-span-2 lg:col-span-1 lg:pt-6">
        {extras.type !== undefined ? <input type="hidden" name="type" value={extras.type} /> : null}
        {extras.sort ? <input type="hidden" name="sort" value={extras.sort} /> : null}
        {extras.petsAllowed ? <input type="hidden" name="petsAllowed" value="1" /> : null}
        <button
          type="submit"
          className={cx(buttonPrimary, 'w-full lg:w-auto')}
          aria-disabled={pending || undefined}
        >
          {pending ? t('searching') : t('submit')}
        </button>
      </div>
      <p className="sr-only" role="status">
        {errorCount > 0 ? t('fixErrors', { count: errorCount }) : ''}
      </p>
    </form>
  );
}
