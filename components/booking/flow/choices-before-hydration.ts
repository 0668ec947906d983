'use client';

import { useEffect, type RefObject } from 'react';

/** The enabled checkboxes and radios under a step, by `name`: each one's `value` and whether it is shown checked. */
export type ShownChoices = ReadonlyMap<string, ReadonlyMap<string, boolean>>;

/**
 * The boxes a guest ticked or unticked before the page's scripts took over. The browser shows a
 * box ticked the moment it is tapped, but the page's state hears of taps only once its scripts
 * run, so on a slow phone what looked chosen was neither priced nor booked. Once, right after
 * hydration, `adopt` is shown the step's checkboxes and radios as the guest left them, to fold
 * any difference from the selection into it in one update.
 */
export function useChoicesMadeBeforeHydration(
  root: RefObject<HTMLElement | null>,
  adopt: (shown: ShownChoices) => void,
): void {
  useEffect(() => {
    const shown = new Map<string, Map<string, boolean>>();
    const inputs = root.current?.querySelectorAll<HTMLInputElement>(
      'input[type="checkbox"][name], input[type="radio"][name]',
    );
    for (const input of inputs ?? []) {
      if (input.disabled) continue;
      const byValue = shown.get(input.name) ?? new Map<string, boolean>();
      byValue.set(input.value, input.checked);
      shown.set(input.name, byValue);
    }
    adopt(shown);
    // Only the first commit: later the state itself drives every box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
