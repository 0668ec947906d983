'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { takeFocusRequest } from '@/components/ui/focus-request';
import { RESULTS_HEADING_ID } from './result-options';

export function ResultsHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocusRequest(RESULTS_HEADING_ID)) ref.current?.focus();
  }, []);
  return (
    <h2
      ref={ref}
      id={RESULTS_HEADING_ID}
      tabIndex={-1}
      className="text-xl font-bold text-slate-950 outline-none"
    >
      {children}
    </h2>
  );
}
