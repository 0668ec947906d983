import 'server-only';
import { getLogger, getRefusalSummary } from '@/lib/log';
import { processSingleton } from '@/lib/process-singleton';
import { isPartnerError, type PartnerError } from './errors';

/**
 * Failed partner calls in the log, written the same way whoever meets them: a page render, a
 * route handler or a booking step. The line is written where the call fails (the gateway's
 * observer, see ./observer.ts), once per call that reached the partner: a read that many requests
 * wait on fails once and is logged once, and each retry is a call of its own. Calls never sent
 * (pause, spent quota, open circuit) come by the thousand in a flood and are counted into the
 * refusal summary instead (lib/log.ts) by whoever answers the request.
 *
 * A line names the operation, the kind of failure and the partner's status; for a refusal of
 * our input, the field names the partner's documented `errors` object gives. Never the partner's
 * body, which may echo the guest's data.
 */

/**
 * Errors already written, so the code answering a request does not write the same failure again.
 * A process singleton: pages and route handlers load their own copies of this module, and the
 * observer that writes the line is the copy of whichever loaded the gateway first.
 */
function logged(): WeakSet<object> {
  return processSingleton('logged-partner-failures', () => new WeakSet<object>());
}

function writeLine(err: PartnerError, where: { op: string } | { context: string }): void {
  logged().add(err);
  // The partner refusing input that passed every check of ours means the two disagree (its API
  // changed, say): a warning, as it can fail every booking. Other answers about the request
  // itself (a house it does not know, a unit just taken) are part of normal use.
  const refused = err.code === 'invalid_input' && err.upstreamStatus !== undefined;
  const level = err.status >= 500 || refused ? 'warn' : 'info';
  getLogger()[level](
    {
      ...where,
      code: err.code,
      upstreamStatus: err.upstreamStatus,
      ...(refused && err.fields && err.fields.length > 0 ? { fields: err.fields } : {}),
    },
    'partner call failed',
  );
}

/** One partner call that reached the partner and failed; the gateway's observer reports each. */
export function logFailedCall(op: string, err: unknown): void {
  if (!isPartnerError(err) || err.notSent) return;
  writeLine(err, { op });
}

/**
 * A partner failure a request ends with (`context` names the handler or page). A refused call
 * goes to the refusal summary; a failed call was logged where it failed; what is left (an answer
 * the site could not use, found after the call) gets its line here.
 */
export function reportPartnerFailure(err: PartnerError, context: string): void {
  if (err.notSent) getRefusalSummary().note(context, err.code);
  else if (!logged().has(err)) writeLine(err, { context });
}
