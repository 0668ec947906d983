import 'server-only';

import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  IsolatedCircuitError,
  type CircuitBreakerPolicy,
} from 'cockatiel';

import { isUpstreamError } from './errors';
import type { Logger } from './logger';
import { BREAKER_POLICY } from './policy';
import { NotAdmittedError } from './refusal';

/**
 * The upstream circuit: after a run of failures that say the upstream is down or drowning (5xx,
 * timeouts, connection resets or refusals) this instance stops calling it. While open, every call
 * fails at once with `unavailable` and `notSent`, so reads fall back to stale data (or a 503 with
 * Retry-After) and no booking step is left in doubt. After `halfOpenAfterMs` exactly one caller
 * makes a trial call: an answer closes the circuit, another failure opens it again.
 *
 * Counting and the state machine are cockatiel's (a ConsecutiveBreaker). Around it this module
 * makes callers other than the trial fail fast instead of queueing behind it, and decides before
 * the quota is asked, so a refused call never spends a token. Per instance, on the wall clock:
 * cockatiel times the open state with Date.now().
 */

export type CircuitStateName = 'closed' | 'open' | 'half-open';

export interface CircuitOptions {
  /** Consecutive counted failures that open the circuit. */
  readonly consecutiveFailures: number;
  /** How long the circuit stays open before one trial call is let through. */
  readonly halfOpenAfterMs: number;
}

export interface CircuitStats {
  readonly state: CircuitStateName;
  /** Transitions since start, by the state entered. */
  readonly opened: number;
  readonly halfOpened: number;
  readonly closed: number;
  /** Epoch ms (wall clock) from which a trial call is allowed; null unless open. */
  readonly trialAt: number | null;
}

/** A call that failed because the upstream is down or too slow, not because of what was asked. */
export function countsAgainstUpstream(err: unknown): boolean {
  if (!isUpstreamError(err) || err instanceof NotAdmittedError) return false;
  return err.code === 'timeout' || err.code === 'unavailable' || (err.upstreamStatus ?? 0) >= 500;
}

/**
 * The circuit's refusal: the call was never sent, so it is safe for reads and writes alike. It
 * carries the failure that opened the circuit as its cause, so what a guest is told follows what
 * the upstream last did (a 500 is not load), never its body.
 */
function circuitOpen(retryAfterMs: number, cause: unknown): NotAdmittedError {
  return new NotAdmittedError('unavailable', 'partner circuit open; call not sent', retryAfterMs, cause);
}

const STATE_NAMES: Record<CircuitState, CircuitStateName> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  // Never entered: nothing here isolates the circuit by hand.
  [CircuitState.Isolated]: 'open',
};

export interface Circuit {
  /**
   * Runs `admit` then `call`, unless the circuit refuses first. `admit` (the quota) is asked only
   * for a call the circuit will let through.
   */
  run<T>(op: string, admit: () => Promise<void>, call: () => Promise<T>): Promise<T>;
  stats(): CircuitStats;
}

export function createCircuit(logger: Logger, options: CircuitOptions = BREAKER_POLICY): Circuit {
  const policy: CircuitBreakerPolicy = circuitBreaker(handleWhen(countsAgainstUpstream), {
    halfOpenAfter: options.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(options.consecutiveFailures),
  });
  const counts = { opened: 0, halfOpened: 0, closed: 0 };
  /** Set while one caller has been chosen for the trial call, so the others fail fast. */
  let trialTaken = false;
  let lastOp: string | undefined;
  /** When the circuit last opened, read just after cockatiel stamps its own, so never earlier. */
  let openedAt = 0;

  /** The last counted failure, the one the circuit opened or stays open on. */
  function lastError(): unknown {
    const last = policy.lastFailure;
    return last && 'error' in last ? last.error : undefined;
  }

  function trialAt(): number | null {
    return policy.state === CircuitState.Open ? openedAt + options.halfOpenAfterMs : null;
  }

  policy.onStateChange((state) => {
    const name = STATE_NAMES[state];
    const last = lastError();
    const code = isUpstreamError(last) ? last.code : undefined;
    if (name === 'open') {
      openedAt = Date.now();
      counts.opened += 1;
      logger.warn(
        { circuit: name, op: lastOp, code, retryInMs: options.halfOpenAfterMs },
        'partner circuit opened; partner calls fail fast',
      );
    } else if (name === 'half-open') {
      counts.halfOpened += 1;
      logger.info({ circuit: name, op: lastOp }, 'partner circuit half-open; one trial call');
    } else {
      counts.closed += 1;
      logger.info({ circuit: name, op: lastOp }, 'partner circuit closed; partner answering again');
    }
  });

  /** Throws when the call would only be refused; true when this caller is the trial. */
  function gate(): boolean {
    const state = policy.state;
    if (state === CircuitState.Closed) return false;
    const at = trialAt();
    const now = Date.now();
    if (at === null || at > now || trialTaken) {
      // Half-open (a trial in flight), or still open: come back when a trial may have decided.
      throw circuitOpen(at !== null && at > now ? at - now : options.halfOpenAfterMs, lastError());
    }
    trialTaken = true;
    return true;
  }

  async function run<T>(op: string, admit: () => Promise<void>, call: () => Promise<T>): Promise<T> {
    const trial = gate();
    try {
      await admit();
      return await policy.execute(() => {
        lastOp = op;
        return call();
      });
    } catch (err) {
      // A caller that passed the gate as the state changed under it: refused all the same.
      if (err instanceof BrokenCircuitError || err instanceof IsolatedCircuitError) {
        throw circuitOpen(options.halfOpenAfterMs, lastError());
      }
      throw err;
    } finally {
      if (trial) trialTaken = false;
    }
  }

  function stats(): CircuitStats {
    return { state: STATE_NAMES[policy.state], ...counts, trialAt: trialAt() };
  }

  return { run, stats };
}
