import type { Step } from '@/lib/booking/selection';

/**
 * Which step's heading takes the focus when it appears. Moving between steps replaces the whole
 * step, so the focused button disappears and the browser drops focus to <body>: keyboard and
 * screen-reader users would start again from the top without a cue. The navigation that leaves a
 * step names the step it goes to; that step's heading takes the focus once, on arrival. A first
 * load or a reload names none, so the page opens as any page does.
 */
let expected: Step | null = null;

/** Called just before navigating to `step` (a button, a progress link, browser back or forward). */
export function expectStepFocus(step: Step): void {
  expected = step;
}

/** Whether the heading of `step`, just shown, should take the focus; answers true once per navigation. */
export function takeStepFocus(step: Step): boolean {
  const yes = expected === step;
  expected = null;
  return yes;
}
