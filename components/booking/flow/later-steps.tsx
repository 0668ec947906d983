'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import type { Step } from '@/lib/booking/selection';

/**
 * The guest form and the overview, in their own scripts. They bring the form library and the
 * guest schema's library (together about a third of the booking page's JavaScript), which the
 * first two steps have no use for: a phone that opens the booking page downloads and runs
 * neither before the page is usable. A page rendered at one of these steps names its script in
 * its HTML, so it loads alongside the page's own; otherwise the step before fetches it while the
 * guest is still choosing there (PrefetchNextStep), so going on does not wait for it.
 */
// Each import() is written inside its dynamic() call: that is where the build finds the script
// a server-rendered step must name in the page's HTML.
export const GuestStep = dynamic(() => import('./guest-step').then((m) => m.GuestStep));
export const OverviewStep = dynamic(() => import('./overview-step').then((m) => m.OverviewStep));

const NEXT_STEP_SCRIPT: Partial<Record<Step, () => Promise<unknown>>> = {
  services: () => import('./guest-step'),
  guest: () => import('./overview-step'),
};

/**
 * On the step before the guest form or the overview, fetches (and runs) that step's script once
 * the browser is idle. Not on the first step: the page is just coming to life there, and its
 * guest is two steps away from the form.
 */
export function PrefetchNextStep({ step }: { step: Step }) {
  useEffect(() => {
    const load = NEXT_STEP_SCRIPT[step];
    if (!load) return;
    // A failed fetch is retried by the step itself when it is opened.
    const run = () => void load().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(run, 1_000);
    return () => clearTimeout(timer);
  }, [step]);
  return null;
}
