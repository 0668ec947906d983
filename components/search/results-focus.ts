/**
 * After a guest submits the search form, focus moves to the new results heading so a screen
 * reader reads the outcome; on a first page load focus stays where the browser put it.
 */
let pending = false;

export function requestResultsFocus(): void {
  pending = true;
}

export function takeResultsFocusRequest(): boolean {
  const requested = pending;
  pending = false;
  return requested;
}
