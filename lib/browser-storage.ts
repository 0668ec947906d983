/**
 * The browser's sessionStorage (`tab`: this tab only, gone when it closes) or localStorage
 * (`browser`: kept across visits), or null on the server or when the browser refuses storage
 * (disabled, or blocked for this site): callers then keep nothing, or keep it in memory.
 */
export function browserStorage(scope: 'tab' | 'browser'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return scope === 'tab' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}
