'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { useFlow } from './flow-context';
import { takeStepFocus } from './step-focus';

/**
 * A step's heading. It can hold the focus (tabIndex -1: focusable from script, not a tab stop)
 * and takes it when the guest arrives from another step, so a screen reader reads the new
 * step's name and the next Tab starts inside the step.
 */
export function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  const { step } = useFlow();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeStepFocus(step)) ref.current?.focus();
  }, [step]);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className="scroll-mt-4 text-xl font-semibold text-slate-900">
      {children}
    </h2>
  );
}
