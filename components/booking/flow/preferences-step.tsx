'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { lineCost } from '@/lib/booking/costs';
import {
  filterUnits,
  hasPetsConflict,
  isPetFreePreference,
  parkConfirmsPreferences,
  preferenceStates,
  togglePreference,
} from '@/lib/booking/preferences';
import { Notice } from '@/components/ui/notice';
import { buttonPrimary, buttonSecondary, card } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';
import { useFlow } from './flow-context';
import { chosenCartItems } from '@/lib/analytics/cart-items';
import { useAddToCartEvents } from '@/lib/analytics/react';
import { StepHeading } from './step-heading';
import { PartySection } from './party-section';
import type { FlowSelection } from '@/lib/booking/selection';
import { useBookingFormat } from './use-booking-format';
import { useChoicesMadeBeforeHydration } from './choices-before-hydration';

/**
 * Step 1: stay, party and preferences. The browser keeps the units that offer every chosen
 * preference (and take pets when pets come along), says how many still match, and disables a
 * preference no remaining unit offers. The server checks the same rules again before the hold.
 * When the partner does not say which unit offers what, every preference stays choosable and
 * priced, and the park assigns the unit. The partner does not enforce preferences, so the guest
 * is told they go to the park as requests, and that the overview says what the unit the park
 * reserves confirms before they pay. Pets and pet-free accommodation still exclude each other.
 */
export function PreferencesStep({ houseHref, notAvailable }: { houseHref: string; notAvailable: boolean }) {
  const t = useTranslations('booking');
  const { data, selection, setSelection, goTo, navigating, announce } = useFlow();
  useAddToCartEvents(chosenCartItems(data, selection));
  const f = useBookingFormat(data.locale);
  const headingId = useId();
  const pets = data.criteria.party.pets;
  const chosen = selection.preferenceIds;
  const states = preferenceStates(data.preferences, data.units, chosen, pets);
  const matching = filterUnits(data.units, chosen, pets);
  const parkConfirms = parkConfirmsPreferences(data.units);
  // A unit picked by hand could lack a preference nobody can check here: the park assigns one.
  const pickable = parkConfirms && chosen.length > 0 ? [] : matching;
  const conflict = hasPetsConflict(data.preferences, chosen, pets);
  const petFreeChosen = data.preferences.some((p) => isPetFreePreference(p) && chosen.includes(p.id));
  const unitChosen = selection.unitId !== undefined && pickable.some((u) => u.id === selection.unitId);
  const canContinue = !notAvailable && !conflict && (matching.length > 0 || data.units.length === 0);

  // Preferences and a unit ticked before the scripts ran are the guest's choice, as shown.
  const stepRef = useRef<HTMLElement>(null);
  useChoicesMadeBeforeHydration(stepRef, (shown) => {
    let preferenceIds = chosen;
    for (const [value, checked] of shown.get('preference') ?? []) {
      const id = Number(value);
      if (checked !== preferenceIds.includes(id)) preferenceIds = togglePreference(preferenceIds, id);
    }
    // The radio shown checked: "any unit" has the empty value.
    const unit = [...(shown.get('unit') ?? [])].find(([, checked]) => checked)?.[0];
    const unitId = unit === undefined ? selection.unitId : unit === '' ? undefined : Number(unit);
    if (preferenceIds === chosen && unitId === selection.unitId) return;
    const { unitId: _shown, ...rest } = selection;
    setSelection({ ...rest, preferenceIds, ...(unitId !== undefined ? { unitId } : {}) });
  });

  // A chosen unit that no longer matches is dropped, and the guest is told.
  const lastAnnounced = useRef('');
  useEffect(() => {
    if (selection.unitId !== undefined && !unitChosen) {
      const { unitId: _dropped, ...rest } = selection;
      setSelection(rest);
      announce(t('units.unitDropped'));
    }
  }, [selection, unitChosen, setSelection, announce, t]);

  const matchText =
    data.units.length === 0
      ? t('units.noneListed')
      : parkConfirms
        ? t('units.free', { count: matching.length })
        : t('units.matching', { count: matching.length, total: data.units.length });
  useEffect(() => {
    if (lastAnnounced.current && lastAnnounced.current !== matchText) announce(matchText);
    lastAnnounced.current = matchText;
  }, [matchText, announce]);

  function toggle(id: number) {
    const next: FlowSelection = { ...selection, preferenceIds: togglePreference(chosen, id) };
    setSelection(next);
  }

  function chooseUnit(value: string) {
    const { unitId: _old, ...rest } = selection;
    setSelection(value === '' ? rest : { ...rest, unitId: Number(value) });
  }

  return (
    <section ref={stepRef} aria-labelledby={headingId} className="space-y-6">
      <StepHeading id={headingId}>{t('steps.preferences')}</StepHeading>

      <div className={cx(card, 'space-y-3 p-4')}>
        <h3 className="text-base font-semibold">{t('stay.heading')}</h3>
        <p>
          <span data-testid="stay-dates">{f.stay(data.criteria.startDate, data.criteria.endDate)}</span> ·{' '}
          {t('summary.nights', { count: data.nights })}
        </p>
        <a
          href={houseHref}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
        >
          {t('stay.change')}
        </a>
      </div>

      <div className={cx(card, 'p-4')}>
        <PartySection petFreeChosen={petFreeChosen} />
      </div>

      {notAvailable ? (
        <Notice tone="warning" role="alert" title={t('states.notAvailableTitle')}>
          <p>{t('states.notAvailableBody')}</p>
          <a href={houseHref} className="font-medium underline">
            {t('nav.backToHouse')}
          </a>
        </Notice>
      ) : (
        <>
          <fieldset className={cx(card, 'space-y-2 p-4')}>
            <legend className="sr-only">{t('preferences.heading')}</legend>
            <h3 className="text-base font-semibold" aria-hidden="true">
              {t('preferences.heading')}
            </h3>
            <p className="text-sm text-slate-700" data-testid="preferences-intro">
              {parkConfirms && data.preferences.length > 0
                ? t('preferences.introParkConfirms')
                : t('preferences.intro')}
            </p>
            <p className="text-sm font-semibold text-slate-900" data-testid="matching-units">
              {matchText}
            </p>
            {data.preferences.length === 0 ? <p className="text-sm">{t('preferences.none')}</p> : null}
            <ul className="divide-y divide-slate-200">
              {data.preferences.map((pref) => {
                const state = states.find((s) => s.id === pref.id);
                const reasonId = `pref-${pref.id}-reason`;
                const reason =
                  state?.reason === 'pets_conflict'
                    ? t('preferences.blockedByPets')
                    : state?.reason === 'no_unit'
                      ? // "Together with your other choices" only when there are others (pets count).
                        chosen.some((id) => id !== pref.id) || pets > 0
                        ? t('preferences.noUnit')
                        : t('preferences.noUnitFree')
                      : null;
                const price = lineCost({
                  cost: pref.cost,
                  costType: pref.costType,
                  nights: data.nights,
                  persons: data.persons,
                });
                return (
                  <li key={pref.id} className="py-2">
                    <label
                      className={cx(
                        'flex min-h-11 items-start gap-3',
                        state?.disabled ? 'text-slate-500' : 'cursor-pointer',
                      )}
                    >
                      <input
                        type="checkbox"
                        name="preference"
                        value={pref.id}
                        className="mt-1 size-5 shrink-0 accent-brand-600"
                        checked={state?.chosen ?? false}
                        disabled={state?.disabled}
                        aria-describedby={reason ? reasonId : undefined}
                        onChange={() => toggle(pref.id)}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium">{pref.name}</span>
                        <span className="block text-sm text-slate-600">
                          {f.money(pref.cost)} {f.costType(pref.costType)}
                          {price.amount !== pref.cost ? ` · ${f.money(price.amount)}` : ''}
                        </span>
                        {reason ? (
                          <span id={reasonId} className="block text-sm font-medium text-amber-900">
                            {reason}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {conflict ? (
              <Notice tone="warning" role="alert" title={t('preferences.conflictTitle')}>
                <p>{t('preferences.conflictBody')}</p>
              </Notice>
            ) : null}
            {!conflict && data.units.length > 0 && matching.length === 0 ? (
              <Notice tone="warning" role="alert" title={t('units.noMatchTitle')}>
                <p>{t('units.noMatchBody')}</p>
              </Notice>
            ) : null}
          </fieldset>

          {pickable.length > 0 ? (
            <fieldset className={cx(card, 'space-y-2 p-4')}>
              <legend className="sr-only">{t('units.heading')}</legend>
              <h3 className="text-base font-semibold" aria-hidden="true">
                {t('units.heading')}
              </h3>
              <p className="text-sm text-slate-700">{t('units.intro')}</p>
              <div className="grid gap-2 sm:grid-cols-2">
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50">
                  <input
                    type="radio"
                    name="unit"
                    value=""
                    className="size-5 accent-brand-600"
                    checked={!unitChosen}
                    onChange={() => chooseUnit('')}
                  />
                  {t('units.any')}
                </label>
                {pickable.map((unit) => (
                  <label
                    key={unit.id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="unit"
                      value={unit.id}
                      className="size-5 accent-brand-600"
                      checked={selection.unitId === unit.id}
                      onChange={() => chooseUnit(String(unit.id))}
                    />
                    {t('units.unit', { number: unit.number })}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
        </>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <a href={houseHref} className={buttonSecondary}>
          {t('nav.backToHouse')}
        </a>
        <button
          type="button"
          className={buttonPrimary}
          disabled={!canContinue || navigating}
          aria-disabled={!canContinue || navigating}
          onClick={() => goTo('services')}
        >
          {navigating ? t('nav.loading') : t('nav.toServices')}
        </button>
      </div>
    </section>
  );
}
