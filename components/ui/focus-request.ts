/**
 * Where focus goes once the page a client-side navigation leads to is on screen: the form that
 * navigates asks for an element by its id, and that element takes the focus when it mounts (so a
 * screen reader reads, say, the new results). On a first page load nothing has been asked, and
 * focus stays where the browser put it.
 */
let pending: string | null = null;

export function requestFocusAfterNavigation(id: string): void {
  pending = id;
}

/** Whether the element with this id was asked to take the focus; answers true once. */
export function takeFocusRequest(id: string): boolean {
  if (pending !== id) return false;
  pending = null;
  return true;
}
