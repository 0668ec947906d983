import 'server-only';

import { isUpstreamError } from './errors';

/**
 * What the governor reports as it works, for whoever watches it (the site's metrics). Every
 * callback is optional and is called with operation names and codes only. A callback that
 * throws is ignored: watching a call must never change its result.
 */
export interface GovernorObserver {
  /**
   * A call reached the upstream; `outcome` is `ok` or the UpstreamError code it failed with, and
   * `error` the failure itself, so a watcher can log what it says about the call (the status).
   */
  readonly sent?: (op: string, outcome: string, error?: unknown) => void;
  /** A call was never sent: the deadline had passed, or pause, quota, circuit or store refused it. */
  readonly refused?: (op: string, reason: string) => void;
  /** A read was answered: fresh from the cache, stale while refreshing, from the upstream, or stale because the upstream failed. */
  readonly read?: (op: string, result: 'hit' | 'stale' | 'miss' | 'fallback') => void;
}

function codeOf(err: unknown): string {
  return isUpstreamError(err) ? err.code : 'error';
}

export function notify<K extends keyof GovernorObserver>(
  observer: GovernorObserver | undefined,
  event: K,
  ...args: Parameters<NonNullable<GovernorObserver[K]>>
): void {
  const callback = observer?.[event] as ((...a: typeof args) => void) | undefined;
  if (callback === undefined) return;
  try {
    callback(...args);
  } catch {
    // Ignored on purpose: see the interface.
  }
}

/**
 * Runs one admission-and-call and reports it as sent or refused. Whether it was sent is known
 * exactly: the plan's `fetch` is the upstream call, and it runs only once the call is admitted.
 */
export async function observeCall<
  P extends { readonly op: string; readonly fetch: (signal: AbortSignal) => Promise<T> },
  T,
>(observer: GovernorObserver | undefined, plan: P, call: (plan: P) => Promise<T>): Promise<T> {
  if (observer === undefined) return call(plan);
  let sent = false;
  const fetch = (signal: AbortSignal): Promise<T> => {
    sent = true;
    return plan.fetch(signal);
  };
  try {
    const value = await call({ ...plan, fetch });
    notify(observer, 'sent', plan.op, 'ok');
    return value;
  } catch (err) {
    if (sent) notify(observer, 'sent', plan.op, codeOf(err), err);
    else notify(observer, 'refused', plan.op, codeOf(err));
    throw err;
  }
}
