'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { takeResultsFocusRequest } from './results-focus';

export function ResultsHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeResultsFocusRequest()) ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} id="results-heading" tabIndex={-1} className="text-xl font-bold text-slate-950 outline-none">
      {children}
    </h2>
  );
}
