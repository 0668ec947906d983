'use client';

import type { ReactNode } from 'react';
import { PARTY_FIELDS, PARTY_LIMITS, type Party, type PartyField } from '@/lib/booking/party';
import { Stepper, type StepperProps } from './stepper';

/** How one party field shows: its texts, a lower cap than the party limits, and form wiring. */
export type PartyFieldView = Omit<StepperProps, 'value' | 'onChange' | 'min' | 'max' | 'messages'> & {
  /** Below the party limit, e.g. the house's most pets or a full house. */
  max?: number;
};

/**
 * The party as one stepper per field (adults, the four child age groups, pets) within the
 * limits every page shares. Each page chooses the texts and the form wiring through `view`;
 * a field whose view is null is left out (a page shows what it says instead in `children`).
 */
export function PartyEditor({
  party,
  onChange,
  view,
  legend,
  legendClassName,
  className,
  messages,
  busy,
  children,
}: {
  party: Party;
  onChange: (field: PartyField, value: number) => void;
  view: (field: PartyField) => PartyFieldView | null;
  legend: string;
  legendClassName: string;
  className?: string;
  messages?: StepperProps['messages'];
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <fieldset className={className} aria-busy={busy || undefined}>
      <legend className={legendClassName}>{legend}</legend>
      {PARTY_FIELDS.map((field) => {
        const shown = view(field);
        if (!shown) return null;
        const { max, ...stepper } = shown;
        return (
          <Stepper
            key={field}
            {...stepper}
            {...(messages ? { messages } : {})}
            min={PARTY_LIMITS[field].min}
            max={max ?? PARTY_LIMITS[field].max}
            value={party[field]}
            onChange={(value) => onChange(field, value)}
          />
        );
      })}
      {children}
    </fieldset>
  );
}
