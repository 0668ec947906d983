/**
 * Node's ICU writes thin and narrow no-break spaces in dates, times and amounts where browsers
 * may write plain ones; text that differs between the server render and the browser breaks
 * hydration, so the booking pages write both the same way.
 */
export function plainSpaces(text: string): string {
  return text.replace(/[\u2009\u202f]/g, ' ');
}
