'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, useTransition, type ReactNode } from 'react';
import type { PaymentChoice } from './booking-api';
import { selectionFromAddress } from './address-selection';
import { FlowContext, type FlowContextValue, type FlowData } from './flow-context';
import { loadLatestSelection, saveLatestSelection } from './flow-storage';
import { seedFormatted, type FormattedTexts } from '@/lib/booking/money';
import { expectStepFocus } from './step-focus';
import {
  bookingPath,
  parseSelection,
  parseStep,
  stepIndex,
  writeSelection,
  type FlowSelection,
  type Step,
} from '@/lib/booking/selection';

/** When the browser last went back or forward (the step that mounts next came from history). */
let poppedAt = 0;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    poppedAt = Date.now();
    // Back or forward to another step of a booking: that step's heading takes the focus.
    if (window.location.pathname.includes('/book/')) {
      expectStepFocus(parseStep(new URLSearchParams(window.location.search).get('step') ?? undefined));
    }
  });
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
  const searchParams = useSearchParams();
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { mutations: { retry: false } } }));
  // A page restored by back or forward may have been rendered before the guest's later choices on
  // it were written to the address: the address wins (see selectionFromAddress).
  const [fromAddress] = useState(() => selectionFromAddress(searchParams.toString(), renderedFor, data));
  const [selection, setSelectionState] = useState(fromAddress ?? initialSelection);
  const [navigating, startNavigation] = useTransition();
  const [message, setMessage] = useState('');
  const [payment, setPayment] = useState<PaymentChoice | null>(null);

  const stayKey = `${data.houseId}|${data.criteria.startDate}|${data.criteria.endDate}`;
  const cameBack = useRef(false);

  useEffect(() => {
    cameBack.current = Date.now() - poppedAt < 5_000;
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

  const setSelection = useCallback(
    (next: FlowSelection) => {
      setSelectionState(next);
      window.history.replaceState(
        window.history.state,
        '',
        bookingPath(data.locale, data.houseId, data.criteria, next, step),
      );
    },
    [data.locale, data.houseId, data.criteria, step],
  );

  const goTo = useCallback(
    (target: Step, next?: FlowSelection) => {
      let chosen = next ?? selection;
      // Forward again from a step reached with browser back: keep what the later steps chose.
      const latest = cameBack.current ? loadLatestSelection(stayKey) : null;
      if (typeof latest === 'string' && stepIndex(target) > stepIndex(step)) {
        const later = parseSelection(new URLSearchParams(latest));
        if (stepIndex(step) < stepIndex('services')) chosen = { ...chosen, services: later.services };
        if (stepIndex(step) < stepIndex('overview'))
          chosen = { ...chosen, cancellationFund: later.cancellationFund };
      }
      if (target !== step) expectStepFocus(target);
      startNavigation(() => {
        router.push(bookingPath(data.locale, data.houseId, data.criteria, chosen, target));
      });
    },
    [router, data.locale, data.houseId, data.criteria, selection, stayKey, step],
  );

  const announce = useCallback((text: string) => {
    // Clearing first makes a repeated message be read again.
    setMessage('');
    window.setTimeout(() => setMessage(text), 50);
  }, []);

  const value = useMemo<FlowContextValue>(
    () => ({ data, step, selection, setSelection, goTo, navigating, announce, payment, setPayment }),
    [data, step, selection, setSelection, goTo, navigating, announce, payment],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <FlowContext.Provider value={value}>
        {children}
        <p aria-live="polite" aria-atomic="true" className="sr-only">
          {message}
        </p>
      </FlowContext.Provider>
    </QueryClientProvider>
  );
}
