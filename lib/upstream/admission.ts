import 'server-only';

import type { Circuit } from './breaker';
import { withDeadline, type Clock } from './clock';
import { isUpstreamError, UpstreamError } from './errors';
import type { Logger } from './logger';
import { PAUSE_POLICY } from './policy';
import type { Quota } from './quota';
import { NotAdmittedError } from './refusal';
import type { Store } from './store';
import type { QuotaKind } from './token-bucket';

/** How long an unreachable shared store asks callers to stay away. */
const STORE_DOWN_RETRY_MS = 5_000;

export interface AdmissionContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly quota: Quota;
  readonly logger: Logger;
  readonly circuit: Circuit;
  /** This instance's copy of the pause, kept even if writing it to the store failed. */
  localPausedUntil: number;
  upstreamCalls: number;
}

export interface CallPlan<T> {
  readonly op: string;
  readonly kind: QuotaKind;
  readonly deadlineAt: number;
  /** Latest time to still be waiting for a token. */
  readonly queueUntil: number;
  readonly fetch: (signal: AbortSignal) => Promise<T>;
}

async function pausedUntil(ctx: AdmissionContext): Promise<number> {
  try {
    return Math.max(ctx.localPausedUntil, await ctx.store.getPausedUntil());
  } catch {
    // Fail closed: without the shared pause marker we cannot know that calling is allowed.
    throw new NotAdmittedError('unavailable', 'shared upstream store unreachable', STORE_DOWN_RETRY_MS);
  }
}

/** Waits for the pause to be over and a token to be free, or throws the reason it could not. */
async function admit(ctx: AdmissionContext, plan: CallPlan<unknown>): Promise<void> {
  // A call that could only start after its deadline would spend a token to time out.
  if (ctx.clock.now() >= plan.deadlineAt) {
    throw new UpstreamError('timeout', 'deadline passed before the call', { notSent: true });
  }
  for (;;) {
    const until = await pausedUntil(ctx);
    const now = ctx.clock.now();
    if (until > now)
      throw new NotAdmittedError('rate_limited', 'partner calls paused after a 429', until - now);
    const taken = await ctx.quota.take(plan.kind);
    if (taken.granted) return;
    if ('storeUnavailable' in taken) {
      throw new NotAdmittedError('unavailable', 'shared quota unreachable', taken.retryAfterMs);
    }
    const wakeAt = now + taken.retryAfterMs;
    // Waiting only makes sense if the token comes with time left to make the call.
    if (wakeAt > plan.queueUntil || wakeAt >= plan.deadlineAt) {
      throw new NotAdmittedError('quota_exhausted', 'partner quota spent', taken.retryAfterMs);
    }
    await ctx.clock.sleep(taken.retryAfterMs);
  }
}

/**
 * A 429 stops every instance until the upstream's Retry-After, or to the end of its 60-s window.
 * Returns the pause in milliseconds.
 */
async function pauseAfter(ctx: AdmissionContext, op: string, err: UpstreamError): Promise<number> {
  const asked = err.retryAfterSeconds === undefined ? PAUSE_POLICY.defaultMs : err.retryAfterSeconds * 1000;
  const ms = Math.min(PAUSE_POLICY.maxMs, Math.max(PAUSE_POLICY.minMs, asked));
  const until = ctx.clock.now() + ms;
  ctx.localPausedUntil = Math.max(ctx.localPausedUntil, until);
  ctx.logger.warn({ op, code: err.code, pauseMs: ms }, 'partner rate limit hit; pausing partner calls');
  try {
    // The marker outlives the pause a little so a lagging clock still sees it.
    await ctx.store.extendPause(until, ms + 60_000);
  } catch {
    ctx.logger.warn({ op }, 'could not share the partner pause; this instance pauses alone');
  }
  return ms;
}

/**
 * The 429 as the caller sees it: with the pause's length as its Retry-After. The upstream may
 * name no Retry-After (then the pause is the rest of its window) or one outside the pause's
 * bounds; either way the site's own clients must wait exactly as long as the site will, and a
 * 503 without Retry-After would leave them guessing.
 */
function withPauseRetryAfter(err: UpstreamError, pauseMs: number): UpstreamError {
  const seconds = Math.max(1, Math.ceil(pauseMs / 1000));
  if (err.retryAfterSeconds === seconds) return err;
  return new UpstreamError(err.code, err.message, {
    upstreamStatus: err.upstreamStatus,
    retryAfterSeconds: seconds,
    notSent: err.notSent,
    fields: err.fields,
    cause: err,
  });
}

/**
 * One upstream call: refused at once while the circuit is open, admitted by pause and quota,
 * bounded by the deadline, a 429 turned into a pause.
 */
export function admitAndCall<T>(ctx: AdmissionContext, plan: CallPlan<T>): Promise<T> {
  return ctx.circuit.run(
    plan.op,
    () => admit(ctx, plan),
    async () => {
      ctx.upstreamCalls += 1;
      try {
        return await withDeadline(ctx.clock, plan.deadlineAt, plan.fetch);
      } catch (err) {
        if (isUpstreamError(err) && err.code === 'rate_limited' && !(err instanceof NotAdmittedError)) {
          throw withPauseRetryAfter(err, await pauseAfter(ctx, plan.op, err));
        }
        throw err;
      }
    },
  );
}
