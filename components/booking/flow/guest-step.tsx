'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { useController, useForm } from 'react-hook-form';
import { GUEST_FIELDS, GuestSchema, type Guest, type GuestField, type GuestInput } from '@/lib/booking/guest';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary, buttonSecondary, card, fieldInput } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { BookingApiError } from './booking-api';
import { describeProblem, isChoiceProblem, problemMessage } from './problem-message';
import { useFlow } from './flow-context';
import { StepHeading } from './step-heading';
import { loadGuest, saveGuest } from './flow-storage';
import { CountrySelect, Field, TextInput, useErrorText } from './guest-fields';
import { GUEST_FORM, type GuestFieldSpec } from './guest-form';
import { usePlaceHold } from './use-place-hold';

const DEFAULT_COUNTRY: Record<Locale, string> = { nl: 'NL', de: 'DE', fr: 'FR', en: '' };

function emptyGuest(locale: Locale): GuestInput {
  return {
    firstName: '',
    insertion: '',
    lastName: '',
    street: '',
    houseNumber: '',
    postcode: '',
    city: '',
    country: DEFAULT_COUNTRY[locale],
    email: '',
    phone: '',
    mobile: '',
    language: locale,
  };
}

function isGuestField(name: string): name is GuestField {
  return (GUEST_FIELDS as readonly string[]).includes(name);
}

/**
 * Step 3: the guest's details. One zod schema (lib/booking/guest) checks them here and again on
 * the server. What is typed is kept in sessionStorage as it is typed, so a reload or a failure
 * further on loses nothing. Continuing places the hold (pre-register) and opens the overview.
 */
export function GuestStep() {
  const t = useTranslations('booking');
  const { data, goTo, navigating, announce } = useFlow();
  const errorText = useErrorText();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const form = useForm<GuestInput, unknown, Guest>({
    resolver: zodResolver(GuestSchema),
    defaultValues: emptyGuest(data.locale),
    mode: 'onTouched',
    // Focus goes to the first wrong field in reading order (see onInvalid).
    shouldFocusError: false,
  });
  const { register, handleSubmit, formState, setError, setFocus, reset, subscribe, getValues, control } =
    form;
  const country = useController({ name: 'country', control });
  const errors = formState.errors;
  const hold = usePlaceHold();

  useEffect(() => {
    const saved = loadGuest();
    if (saved) reset({ ...emptyGuest(data.locale), ...saved }, { keepDefaultValues: true });
  }, [reset, data.locale]);

  // The language for messages is kept only when the guest chose one other than the page's: left
  // at its default, it follows the page into another language.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) =>
          saveGuest(values.language === data.locale ? { ...values, language: undefined } : values),
      }),
    [subscribe, data.locale],
  );

  /** Server-side field errors ("guest.email") go next to their fields; true when any did. */
  function showFieldErrors(err: BookingApiError): boolean {
    let mapped = false;
    for (const [path, messages] of Object.entries(err.errors)) {
      const name = path.startsWith('guest.') ? path.slice('guest.'.length) : '';
      if (!isGuestField(name)) continue;
      setError(name, { type: 'server', message: messages[0] ?? 'guest.errors.invalid' });
      if (!mapped) setFocus(name);
      mapped = true;
    }
    return mapped;
  }

  async function onValid() {
    const values = getValues();
    saveGuest(values);
    try {
      // "Continue" asks for a hold: one that lapsed meanwhile is simply placed anew.
      await hold.placeHold(values, { renewLapsed: true });
      announce(t('guest.held'));
      goTo('overview');
    } catch (err) {
      if (err instanceof BookingApiError && err.status === 400 && showFieldErrors(err)) {
        announce(t('guest.fixErrors'));
        return;
      }
      const message = problemMessage(t, err);
      setError('root.server', { type: 'server', message });
      announce(message);
      rootRef.current?.focus();
    }
  }

  const onInvalid = (invalid: Partial<Record<GuestField, unknown>>) => {
    const first = GUEST_FIELDS.find((name) => invalid[name] !== undefined);
    if (first) setFocus(first);
    announce(t('guest.fixErrors'));
  };

  const busy = hold.pending || navigating || hold.placed;

  function renderControl(spec: GuestFieldSpec, id: string, error: string | undefined) {
    if (spec.control === 'country') {
      return (
        <CountrySelect
          id={id}
          locale={data.locale}
          name={country.field.name}
          value={country.field.value ?? ''}
          onChange={country.field.onChange}
          onBlur={country.field.onBlur}
          selectRef={country.field.ref}
          error={error}
        />
      );
    }
    if (spec.control === 'language') {
      return (
        <select id={id} {...register(spec.name)} className={fieldInput}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </select>
      );
    }
    return (
      <TextInput
        id={id}
        registration={register(spec.name)}
        error={error}
        hint={spec.hint !== undefined}
        {...(spec.type ? { type: spec.type } : {})}
        {...(spec.inputMode ? { inputMode: spec.inputMode } : {})}
        {...(spec.autoComplete ? { autoComplete: spec.autoComplete } : {})}
        {...(spec.required ? { required: true } : {})}
      />
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <StepHeading id={headingId}>{t('steps.guest')}</StepHeading>
      <p className="text-slate-700">{t('guest.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        className="space-y-6"
      >
        <div ref={rootRef} tabIndex={-1} className="outline-none">
          {errors.root?.server ? (
            <Notice tone="error" role="alert" title={t('guest.notHeldTitle')}>
              <p>{errors.root.server.message}</p>
              {hold.error && isChoiceProblem(describeProblem(hold.error).code) ? (
                <button
                  type="button"
                  className={cx(buttonSecondary, 'mt-2')}
                  onClick={() => goTo('preferences')}
                >
                  {t('nav.toPreferences')}
                </button>
              ) : null}
            </Notice>
          ) : null}
        </div>
        {GUEST_FORM.map((group) => (
          <fieldset key={group.legend} className={cx(card, 'grid gap-4 p-4 sm:grid-cols-6')}>
            <legend className="px-1 text-base font-semibold">{t(`guest.${group.legend}`)}</legend>
            {group.fields.map((spec) => {
              const id = `guest-${spec.name}`;
              const error = errorText(spec.name, errors[spec.name]);
              return (
                <Field
                  key={spec.name}
                  id={id}
                  label={t(`guest.${spec.name}`)}
                  {...(spec.hint ? { hint: t(`guest.${spec.hint}`) } : {})}
                  {...(spec.optional ? { optional: true } : {})}
                  error={error}
                  className={spec.width}
                >
                  {renderControl(spec, id, error)}
                </Field>
              );
            })}
          </fieldset>
        ))}
        <p className="text-sm text-slate-600">{t('guest.privacy')}</p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <button type="button" className={buttonSecondary} onClick={() => goTo('services')} disabled={busy}>
            {t('nav.back')}
          </button>
          <button type="submit" className={buttonPrimary} disabled={busy} aria-disabled={busy}>
            {busy ? t('guest.holding') : t('nav.toOverview')}
          </button>
        </div>
      </form>
    </section>
  );
}
