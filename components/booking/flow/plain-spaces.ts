/**
 * Node's ICU writes thin and narrow no-break spaces in dates, times and amounts where browsers
 * may write other ones; text that differs between the server render and the browser breaks
 * hydration, so the booking pages write both the same way. A thin space (around the dash of a
 * date range) becomes a plain one, where the line may break; a narrow no-break space (between
 * the digits of "1 234,50 €") becomes a no-break space, so an amount never breaks across lines.
 */
export function plainSpaces(text: string): string {
  return text.replace(/\u2009/g, ' ').replace(/\u202f/g, '\u00a0');
}
