'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { useController, useForm } from 'react-hook-form';
import { GUEST_FIELDS, GuestSchema, type Guest, type GuestField, type GuestInput } from '@/lib/booking/guest';
import { LOCALES, type Locale } from '@/lib/booking/money';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary, buttonSecondary, card, fieldInput } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { BookingApiError, preRegisterBooking } from './booking-api';
import { problemMessage } from './problem-message';
import { useFlow } from './flow-context';
import { clearBookingDone, loadGuest, saveGuest, saveHoldMarker } from './flow-storage';
import { CountrySelect, Field, TextInput, useErrorText } from './guest-fields';

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

/**
 * Step 3: the guest's details. One zod schema (lib/booking/guest) checks them here and again on
 * the server. What is typed is kept in sessionStorage as it is typed, so a reload or a failure
 * further on loses nothing. Continuing places the hold (pre-register) and opens the overview.
 */
export function GuestStep() {
  const t = useTranslations('booking');
  const { data, selection, goTo, navigating, announce } = useFlow();
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

  useEffect(() => {
    const saved = loadGuest();
    if (saved) reset({ ...emptyGuest(data.locale), ...saved }, { keepDefaultValues: true });
  }, [reset, data.locale]);

  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => saveGuest(values) }),
    [subscribe],
  );

  const hold = useMutation({ mutationFn: preRegisterBooking });

  async function placeHold(guest: GuestInput, renewing = false): Promise<void> {
    try {
      const result = await hold.mutateAsync({
        locale: data.locale,
        houseId: data.houseId,
        startDate: data.criteria.startDate,
        endDate: data.criteria.endDate,
        party: data.criteria.party,
        selection,
        guest,
      });
      saveHoldMarker({ houseId: data.houseId, expiresAt: Date.parse(result.holdExpiresAt) });
      clearBookingDone();
      announce(t('guest.held'));
      goTo('overview');
    } catch (err) {
      // The old hold had lapsed: one new hold is what "continue" asks for.
      if (err instanceof BookingApiError && err.code === 'hold_expired' && !renewing)
        return placeHold(guest, true);
      if (err instanceof BookingApiError && err.status === 400) {
        let mapped = false;
        for (const [path, messages] of Object.entries(err.errors)) {
          const field = path.startsWith('guest.') ? (path.slice(6) as GuestField) : null;
          if (field && GUEST_FIELDS.includes(field)) {
            setError(field, { type: 'server', message: messages[0] ?? 'guest.errors.invalid' });
            if (!mapped) setFocus(field);
            mapped = true;
          }
        }
        if (mapped) {
          announce(t('guest.fixErrors'));
          return;
        }
      }
      const message = problemMessage(t, err);
      setError('root.server', { type: 'server', message });
      announce(message);
      rootRef.current?.focus();
    }
  }

  const onValid = () => {
    const values = getValues();
    saveGuest(values);
    return placeHold(values);
  };
  const onInvalid = (invalid: Partial<Record<GuestField, unknown>>) => {
    const first = GUEST_FIELDS.find((name) => invalid[name] !== undefined);
    if (first) setFocus(first);
    announce(t('guest.fixErrors'));
  };

  const busy = hold.isPending || navigating || hold.isSuccess;
  const err = (field: GuestField) => errorText(errors[field]);
  const field = (name: GuestField) => `guest-${name}`;

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('steps.guest')}
      </h2>
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
              {hold.error instanceof BookingApiError &&
              ['unit_taken', 'selection_invalid', 'not_available'].includes(hold.error.code) ? (
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
        <fieldset className={cx(card, 'grid gap-4 p-4 sm:grid-cols-6')}>
          <legend className="px-1 text-base font-semibold">{t('guest.nameHeading')}</legend>
          <Field
            id={field('firstName')}
            label={t('guest.firstName')}
            error={err('firstName')}
            className="sm:col-span-3"
          >
            <TextInput
              id={field('firstName')}
              registration={register('firstName')}
              error={err('firstName')}
              autoComplete="given-name"
              required
            />
          </Field>
          <Field
            id={field('insertion')}
            label={t('guest.insertion')}
            optional
            error={err('insertion')}
            className="sm:col-span-3"
          >
            <TextInput
              id={field('insertion')}
              registration={register('insertion')}
              error={err('insertion')}
              autoComplete="off"
            />
          </Field>
          <Field
            id={field('lastName')}
            label={t('guest.lastName')}
            error={err('lastName')}
            className="sm:col-span-6"
          >
            <TextInput
              id={field('lastName')}
              registration={register('lastName')}
              error={err('lastName')}
              autoComplete="family-name"
              required
            />
          </Field>
        </fieldset>
        <fieldset className={cx(card, 'grid gap-4 p-4 sm:grid-cols-6')}>
          <legend className="px-1 text-base font-semibold">{t('guest.addressHeading')}</legend>
          <Field
            id={field('street')}
            label={t('guest.street')}
            error={err('street')}
            className="sm:col-span-4"
          >
            <TextInput
              id={field('street')}
              registration={register('street')}
              error={err('street')}
              autoComplete="address-line1"
              required
            />
          </Field>
          <Field
            id={field('houseNumber')}
            label={t('guest.houseNumber')}
            error={err('houseNumber')}
            className="sm:col-span-2"
          >
            <TextInput
              id={field('houseNumber')}
              registration={register('houseNumber')}
              error={err('houseNumber')}
              autoComplete="off"
              required
            />
          </Field>
          <Field
            id={field('postcode')}
            label={t('guest.postcode')}
            error={err('postcode')}
            className="sm:col-span-2"
          >
            <TextInput
              id={field('postcode')}
              registration={register('postcode')}
              error={err('postcode')}
              autoComplete="postal-code"
              required
            />
          </Field>
          <Field id={field('city')} label={t('guest.city')} error={err('city')} className="sm:col-span-4">
            <TextInput
              id={field('city')}
              registration={register('city')}
              error={err('city')}
              autoComplete="address-level2"
              required
            />
          </Field>
          <Field
            id={field('country')}
            label={t('guest.country')}
            error={err('country')}
            className="sm:col-span-6"
          >
            <CountrySelect
              id={field('country')}
              locale={data.locale}
              name={country.field.name}
              value={country.field.value ?? ''}
              onChange={country.field.onChange}
              onBlur={country.field.onBlur}
              selectRef={country.field.ref}
              error={err('country')}
            />
          </Field>
        </fieldset>
        <fieldset className={cx(card, 'grid gap-4 p-4 sm:grid-cols-6')}>
          <legend className="px-1 text-base font-semibold">{t('guest.contactHeading')}</legend>
          <Field id={field('email')} label={t('guest.email')} error={err('email')} className="sm:col-span-6">
            <TextInput
              id={field('email')}
              type="email"
              inputMode="email"
              registration={register('email')}
              error={err('email')}
              autoComplete="email"
              required
            />
          </Field>
          <Field
            id={field('phone')}
            label={t('guest.phone')}
            hint={t('guest.phoneHint')}
            error={err('phone')}
            className="sm:col-span-3"
          >
            <TextInput
              id={field('phone')}
              type="tel"
              inputMode="tel"
              hint
              registration={register('phone')}
              error={err('phone')}
              autoComplete="tel"
              required
            />
          </Field>
          <Field
            id={field('mobile')}
            label={t('guest.mobile')}
            optional
            error={err('mobile')}
            className="sm:col-span-3"
          >
            <TextInput
              id={field('mobile')}
              type="tel"
              inputMode="tel"
              registration={register('mobile')}
              error={err('mobile')}
              autoComplete="tel"
            />
          </Field>
          <Field
            id={field('language')}
            label={t('guest.language')}
            error={err('language')}
            className="sm:col-span-3"
          >
            <select id={field('language')} {...register('language')} className={fieldInput}>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`languages.${l}`)}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
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
