'use client';

import { useLocale, useTranslations } from 'next-intl';
import {
  createRef,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { addDays, countNights, isCalendarDate, type CalendarDate, type StayDates } from '@/lib/booking/dates';
import { MAX_STAY_NIGHTS } from '@/lib/booking/deep-link';
import { MAX_PERSONS, PARTY_FIELDS, type Party, type PartyField } from '@/lib/booking/party';
import { serializeSearchFilters } from '@/lib/booking/search-filter-params';
import { useNavigate } from '@/components/ui/navigation-pending';
import { buttonPrimary, fieldError, fieldInput, fieldLabel } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { CalendarIcon } from '@/components/ui/icons';
import { PartyFields } from './party-fields';
import { requestFocusAfterNavigation } from '@/components/ui/focus-request';
import { RESULTS_HEADING_ID } from './result-options';
import {
  getDateBounds,
  toSearchQuery,
  validateSearchForm,
  type SearchExtras,
  type SearchFormErrors,
  type SearchFormField,
  type SearchFormValues,
} from './search-form-schema';

export interface SearchFormProps extends Partial<StayDates> {
  today: CalendarDate;
  party: Party;
  /** Page-only choices (house type, sort, pets filter) kept when searching again. */
  extras?: SearchExtras;
  headingId?: string;
}

/** The fields in the order of the form: the first one with an error takes the focus. */
const FIELD_ORDER: readonly SearchFormField[] = ['startDate', 'endDate', ...PARTY_FIELDS];

/**
 * The search form: a plain GET form to /{locale}/search that works before and without
 * JavaScript; once hydrated it checks the values on submit (validateSearchForm), shows each
 * field's error, moves the focus to the first one, and navigates client-side when all is well.
 * After the first submit every change checks again, so an error goes as soon as it is fixed.
 */
export function SearchForm({ today, startDate, endDate, party, extras = {}, headingId }: SearchFormProps) {
  const t = useTranslations('searchForm');
  const locale = useLocale();
  const { pending, navigate } = useNavigate();
  const [values, setValues] = useState<SearchFormValues>(() => ({
    startDate: startDate ?? '',
    endDate: endDate ?? '',
    ...party,
  }));
  const [errors, setErrors] = useState<SearchFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const start = values.startDate;
  const end = values.endDate;
  const bounds = getDateBounds(today, start);
  const nights = isCalendarDate(start) && isCalendarDate(end) ? countNights(start, end) : null;
  const [stayLength, setStayLength] = useState(nights !== null && nights > 0 ? nights : 2);

  // Once the script runs, this form checks the values itself (localized messages, focus on the first
  // error) instead of the browser. Set on the element rather than through a state change, so the
  // whole form is not rendered a second time right after it comes to life.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const startRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLInputElement>(null);
  const [partyRefs] = useState(
    () =>
      Object.fromEntries(PARTY_FIELDS.map((field) => [field, createRef<HTMLInputElement>()])) as Record<
        PartyField,
        RefObject<HTMLInputElement | null>
      >,
  );
  // Set on a failed submit; focused once the errors are on screen (the party panel open).
  const focusNext = useRef<SearchFormField | null>(null);
  useEffect(() => {
    const field = focusNext.current;
    if (!field) return;
    focusNext.current = null;
    const input =
      field === 'startDate'
        ? startRef.current
        : field === 'endDate'
          ? endRef.current
          : partyRefs[field].current;
    input?.focus();
  });

  // A guest may type before the page's script has run (a slow phone): what the fields hold when
  // the form comes to life is taken over as its values, never reset to what the page was sent with.
  useEffect(() => {
    const typed: SearchFormValues = { ...values };
    let changed = false;
    for (const [field, input] of [
      ['startDate', startRef.current],
      ['endDate', endRef.current],
    ] as const) {
      if (input && input.value !== typed[field]) {
        typed[field] = input.value;
        changed = true;
      }
    }
    for (const field of PARTY_FIELDS) {
      const input = partyRefs[field].current;
      if (input && input.value !== '' && input.valueAsNumber !== typed[field]) {
        typed[field] = input.valueAsNumber;
        changed = true;
      }
    }
    // The fields are the outside source here, read once on the first render in the browser;
    // later the state is what the fields show.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (changed) setValues(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = (next: SearchFormValues) => {
    setValues(next);
    if (submitted) setErrors(validateSearchForm(next, today).errors);
  };

  const onStartChange = (nextStart: string) => {
    // Moving the arrival keeps the length of the stay, so the departure never ends up before it.
    const next = { ...values, startDate: nextStart };
    if (isCalendarDate(nextStart)) {
      const span = isCalendarDate(end) ? countNights(nextStart, end) : 0;
      if (span < 1 || span > MAX_STAY_NIGHTS) next.endDate = addDays(nextStart, stayLength);
    }
    update(next);
  };

  const onEndChange = (nextEnd: string) => {
    if (isCalendarDate(start) && isCalendarDate(nextEnd)) {
      const span = countNights(start, nextEnd);
      if (span >= 1 && span <= MAX_STAY_NIGHTS) setStayLength(span);
    }
    update({ ...values, endDate: nextEnd });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const check = validateSearchForm(values, today);
    setErrors(check.errors);
    const firstError = FIELD_ORDER.find((field) => check.errors[field]);
    if (firstError) {
      focusNext.current = firstError;
      return;
    }
    if (pending) return;
    requestFocusAfterNavigation(RESULTS_HEADING_ID);
    navigate(`/search?${toSearchQuery(check.values, extras)}`);
  };

  const dateError = (field: 'startDate' | 'endDate') => {
    const error = errors[field];
    return error ? t(`errors.${error}`, { maxNights: MAX_STAY_NIGHTS, maxPersons: MAX_PERSONS }) : undefined;
  };
  const startError = dateError('startDate');
  const endError = dateError('endDate');
  const errorCount = Object.keys(errors).length;

  return (
    <form
      action={`/${locale}/search`}
      ref={formRef}
      method="get"
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto] lg:items-start"
    >
      <DateField
        id="search-start"
        name="startDate"
        label={t('startDate')}
        value={start}
        onChange={onStartChange}
        bounds={bounds.start}
        error={startError}
        inputRef={startRef}
      />
      <DateField
        id="search-end"
        name="endDate"
        label={t('endDate')}
        value={end}
        onChange={onEndChange}
        bounds={bounds.end}
        error={endError}
        inputRef={endRef}
        describedBy="search-nights"
      >
        <p id="search-nights" className="mt-1 min-h-5 text-sm text-slate-700" aria-live="polite">
          {nights !== null && nights > 0 ? t('nights', { count: nights }) : start || end ? '' : t('anyDates')}
        </p>
      </DateField>
      <div className="col-span-2 lg:col-span-1">
        <span className={fieldLabel} aria-hidden="true">
          {t('party')}
        </span>
        <div className="mt-1">
          <PartyFields
            party={values}
            errors={errors}
            onChange={(field, value) => update({ ...values, [field]: value })}
            inputRefs={partyRefs}
          />
        </div>
      </div>
      <div className="col-span-2 lg:col-span-1 lg:pt-6">
        {extras.type !== undefined ? <input type="hidden" name="type" value={extras.type} /> : null}
        {extras.sort ? <input type="hidden" name="sort" value={extras.sort} /> : null}
        {extras.petsAllowed ? <input type="hidden" name="petsAllowed" value="1" /> : null}
        {[...serializeSearchFilters(extras.filters ?? {})].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
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

/**
 * A date input with its label and error. The browser's calendar button still opens the picker,
 * but draws nothing: the sprite's calendar icon is drawn over it (see the date fields in
 * globals.css).
 */
function DateField({
  id,
  name,
  label,
  value,
  onChange,
  bounds,
  error,
  inputRef,
  describedBy,
  children,
}: {
  id: string;
  name: 'startDate' | 'endDate';
  label: string;
  value: string;
  onChange: (value: string) => void;
  bounds: { min?: string | undefined; max?: string | undefined };
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** What else describes the field, besides its error. */
  describedBy?: string;
  children?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className="date-field-box">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          min={bounds.min}
          max={bounds.max}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined}
          className={cx(fieldInput, 'date-field')}
        />
        <CalendarIcon className="date-field-icon" />
      </div>
      {error ? (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
