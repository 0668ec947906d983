'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState, useTransition, type ReactNode } from 'react';
import type { PaymentChoice } from './booking-api';
import { selectionFromAddress, selectionText } from './address-selection';
import { FlowContext, type FlowContextValue, type FlowData } from './flow-context';
import {
  loadLatestParty,
  loadLatestSelection,
  loadPaymentChoice,
  saveLatestParty,
  saveLatestSelection,
  savePaymentChoice,
} from './flow-storage';
import { seedFormatted, type FormattedTexts } from '@/lib/booking/date-format';
import { PARTY_FIELDS, type Party } from '@/lib/booking/party';
import { expectStepFocus } from './step-focus';
import { isPaymentChoice } from './payment-options';
import { useHydrated } from '@/components/ui/use-hydrated';
import { replacePageAddress } from '@/components/ui/page-address';
import { reachedFromHistory } from '@/components/ui/history-returns';
import { Notice } from '@/components/ui/notice';
import {
  bookingPath,
  parseSelection,
  parseStep,
  stepIndex,
  writeSelection,
  type FlowSelection,
  type Step,
} from '@/lib/booking/selection';

/** The booking steps share one path; the step parameter tells their history entries apart. */
const STEP_PAGE = { pageParams: ['step'] };

// Back or forward to another step of a booking: that step's heading takes the focus.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (window.location.pathname.includes('/book/')) {
      expectStepFocus(parseStep(new URLSearchParams(window.location.search).get('step') ?? undefined));
    }
  });
}

/**
 * A step's selection with what the guest last chose on the other steps (kept in the tab's
 * storage, see flow-storage.ts): the preferences and unit, the extras and the cancellation fund,
 * each unless it is this step's own. A step reached with browser back has an address from before
 * the choices made on the steps after it; one reached with forward, from before a change made
 * after going back to an earlier step. Neither may lose those choices, and its running total
 * must show them. The step's own choices are the address's: it is the entry the step rewrote.
 */
function withOtherStepsChoices(selection: FlowSelection, step: Step, stayKey: string): FlowSelection {
  const latest = loadLatestSelection(stayKey);
  if (typeof latest !== 'string') return selection;
  const last = parseSelection(new URLSearchParams(latest));
  let out = selection;
  if (step !== 'preferences') {
    const { unitId: _unit, ...rest } = out;
    out = { ...rest, preferenceIds: last.preferenceIds, ...(last.unitId !== undefined ? { unitId: last.unitId } : {}) };
  }
  if (step !== 'services') out = { ...out, services: last.services };
  if (step !== 'overview') out = { ...out, cancellationFund: last.cancellationFund };
  return out;
}

/**
 * The party last chosen for this stay (see saveLatestParty), when it is a valid one other than
 * `shown`: a step reached with browser forward, from before a change of the party made after
 * going back to step 1, is opened again for it. Null when there is nothing to change.
 */
function laterParty(shown: Party, stayKey: string): Party | null {
  const party = loadLatestParty(stayKey);
  return party && PARTY_FIELDS.some((field) => party[field] !== shown[field]) ? party : null;
}

/**
 * The interactive part of the booking page: the current step and the running total share one
 * selection. Choices within a step rewrite the address in place (reload keeps them); moving
 * between steps is a navigation, so back and forward work and the server re-reads the stay.
 */
export function BookingFlow({
  data,
  step,
  initialSelection,
  renderedFor,
  formattedTexts,
  children,
}: {
  data: FlowData;
  step: Step;
  initialSelection: FlowSelection;
  /** The selection the server rendered this page for, as the address writes it. */
  renderedFor: string;
  /** The server's texts for the step's first amounts and dates (flowFormattedTexts). */
  formattedTexts?: FormattedTexts | undefined;
  children: ReactNode;
}) {
  // Before any step renders: they then write those amounts and dates without a formatter.
  useState(() => seedFormatted(formattedTexts));
  const router = useRouter();
  const t = useTranslations('booking');
  const searchParams = useSearchParams();
  // A hold or a booking asked for offline fails at once with the connection message: by default
  // the request would wait, with the button spinning, until the browser is online again.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { mutations: { retry: false, networkMode: 'always' } } }),
  );
  // A page restored by back or forward may have been rendered before the guest's later choices on
  // it were written to the address: the address wins (see selectionFromAddress).
  const [fromAddress] = useState(() => selectionFromAddress(searchParams.toString(), renderedFor, data));
  const stayKey = `${data.houseId}|${data.criteria.startDate}|${data.criteria.endDate}`;
  // Only a page mounted in the browser after back or forward: a server render or a hydration
  // never comes from history here, so both render the same.
  const [mounted] = useState(() => {
    const shown = fromAddress ?? initialSelection;
    if (typeof window === 'undefined' || !reachedFromHistory()) return { selection: shown, restored: false };
    const selection = withOtherStepsChoices(shown, step, stayKey);
    return { selection, restored: selectionText(selection) !== selectionText(shown) };
  });
  const [selection, setSelectionState] = useState(mounted.selection);
  const [navigating, startNavigation] = useTransition();
  const [message, setMessage] = useState('');
  // Chosen on this page; undefined until the guest chooses (then the tab's earlier choice shows).
  const [chosenPayment, setPaymentState] = useState<PaymentChoice | null | undefined>(undefined);

  const cameBack = useRef(false);

  // The party is step 1's own choice; the address the flow was opened with gives it too.
  const [openedFromHistory] = useState(() => typeof window !== 'undefined' && reachedFromHistory());
  const addressParty = data.criteria.party;
  useEffect(() => {
    if (step === 'preferences' || !openedFromHistory) saveLatestParty(stayKey, addressParty);
  }, [stayKey, addressParty, step, openedFromHistory]);

  useEffect(() => {
    cameBack.current = reachedFromHistory();
    // The later steps' choices taken back in go into the address too, so a reload keeps them.
    // Only while the browser still shows this step: a quick Forward may already have moved on to
    // the next one, whose address is the same page with another step.
    const shownStep = parseStep(new URLSearchParams(window.location.search).get('step') ?? undefined);
    const party = openedFromHistory && step !== 'preferences' ? laterParty(addressParty, stayKey) : null;
    if (party && shownStep === step) {
      // The server reads the stay again for that party (its units, prices and, on the overview, the hold).
      router.replace(
        bookingPath(data.locale, data.houseId, { ...data.criteria, party }, mounted.selection, step),
        { scroll: false },
      );
    } else if (mounted.restored && shownStep === step) {
      replacePageAddress(
        bookingPath(data.locale, data.houseId, data.criteria, mounted.selection, step),
        STEP_PAGE,
      );
      // The server rendered this entry for its old address: what it derives from the selection
      // (on the overview, the hold) is read again for the choices the guest made since. (A render
      // older than the address is read again below anyway.)
      if (fromAddress === null) router.refresh();
    }
    // Once, for the selection this page mounted with; later choices write the address themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What the server derives from the selection (the quote, the hold on the overview, a selection
  // no longer possible) is then re-read for the address as it is.
  const renderedStale = fromAddress !== null;
  useEffect(() => {
    if (renderedStale) router.refresh();
  }, [renderedStale, router]);

  // Remember each step's own choices (and only those), for a return from history.
  useEffect(() => {
    const stored = loadLatestSelection(stayKey);
    const before = typeof stored === 'string' ? parseSelection(new URLSearchParams(stored)) : selection;
    const latest: FlowSelection = {
      preferenceIds: step === 'preferences' ? selection.preferenceIds : before.preferenceIds,
      services: step === 'services' ? selection.services : before.services,
      cancellationFund: step === 'overview' ? selection.cancellationFund : before.cancellationFund,
    };
    const unitId = step === 'preferences' ? selection.unitId : before.unitId;
    if (unitId !== undefined) latest.unitId = unitId;
    saveLatestSelection(stayKey, writeSelection(new URLSearchParams(), latest).toString());
  }, [stayKey, step, selection]);

  // The way to pay chosen earlier for this stay (a reload, or the same step in another language):
  // read once the page is live, as the server and the hydrating browser render none chosen.
  const inBrowser = useHydrated();
  const savedPayment = useMemo(() => {
    const saved = inBrowser ? loadPaymentChoice(stayKey) : null;
    return isPaymentChoice(saved) ? saved : null;
  }, [inBrowser, stayKey]);
  const payment = chosenPayment === undefined ? savedPayment : chosenPayment;
  const setPayment = useCallback(
    (next: PaymentChoice | null) => {
      setPaymentState(next);
      savePaymentChoice(stayKey, next);
    },
    [stayKey],
  );

  const setSelection = useCallback(
    (next: FlowSelection) => {
      setSelectionState(next);
      // The router takes the address in too, so whatever reads it (the language switcher, a
      // refresh) has the guest's latest choices. Only into this step's own entry: after a quick
      // Back or Forward the browser may already show another step while this one still runs.
      replacePageAddress(bookingPath(data.locale, data.houseId, data.criteria, next, step), STEP_PAGE);
    },
    [data.locale, data.houseId, data.criteria, step],
  );

  // Offline, a step change would leave the page for the browser's own offline page: the step
  // stays, says so, and goes on once the guest tries again online.
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const online = () => setOffline(false);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  const isOnline = useCallback(() => {
    const online = navigator.onLine !== false;
    setOffline(!online);
    return online;
  }, []);

  const goTo = useCallback(
    (target: Step, next?: FlowSelection) => {
      if (!isOnline()) return;
      let chosen = next ?? selection;
      // Forward again from a step reached with browser back: keep what the later steps chose.
      if (cameBack.current && stepIndex(target) > stepIndex(step))
        chosen = withOtherStepsChoices(chosen, step, stayKey);
      if (target !== step) expectStepFocus(target);
      startNavigation(() => {
        router.push(bookingPath(data.locale, data.houseId, data.criteria, chosen, target));
      });
    },
    [router, data.locale, data.houseId, data.criteria, selection, stayKey, step, isOnline],
  );

  // The step the "changed in another tab" notice belongs to; leaving that step ends it.
  const [changedOn, setChangedOn] = useState<Step | null>(null);
  if (changedOn !== null && changedOn !== step) setChangedOn(null);
  const setChangedElsewhere = useCallback(() => setChangedOn(step), [step]);

  const announce = useCallback((text: string) => {
    // Clearing first makes a repeated message be read again.
    setMessage('');
    window.setTimeout(() => setMessage(text), 50);
  }, []);

  const value = useMemo<FlowContextValue>(
    () => ({
      data,
      step,
      selection,
      setSelection,
      goTo,
      navigating,
      announce,
      isOnline,
      payment,
      setPayment,
      changedElsewhere: changedOn === step,
      setChangedElsewhere,
    }),
    [
      data,
      step,
      selection,
      setSelection,
      goTo,
      navigating,
      announce,
      isOnline,
      payment,
      setPayment,
      changedOn,
      setChangedElsewhere,
    ],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <FlowContext.Provider value={value}>
        {offline ? (
          <Notice tone="warning" role="alert" className="mt-4">
            <p>{t('errors.network')}</p>
          </Notice>
        ) : null}
        {children}
        <p aria-live="polite" aria-atomic="true" className="sr-only">
          {message}
        </p>
      </FlowContext.Provider>
    </QueryClientProvider>
  );
}
