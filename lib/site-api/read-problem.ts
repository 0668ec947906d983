/**
 * Reads a failed answer of the site's own API (application/problem+json) in the browser. Every
 * field is checked on its own and may be missing: an answer from a proxy or a crash page still
 * gives the status, and a malformed `errors` does not hide a good `code`.
 */
import { arrayOf, isNumber, isRecord, isString } from '@/lib/validation/guards';

const isMessageList = arrayOf(isString);

/** Field errors: an object whose every value is a list of message keys; else none. */
function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  if (!entries.every(([, messages]) => isMessageList(messages))) return undefined;
  // fromEntries defines each key as its own property, `__proto__` too.
  return Object.fromEntries(entries) as Record<string, string[]>;
}

export interface ApiProblem {
  status: number;
  /** The stable problem code; undefined when the answer named none. */
  code: string | undefined;
  /** Field errors of a 400 answer, keyed by the field's path ("guest.email"). */
  errors: Record<string, string[]>;
  retryAfterSeconds: number | undefined;
}

/** The problem a non-OK response describes; never throws. */
export async function readProblem(res: Response): Promise<ApiProblem> {
  const body: unknown = await res.json().catch(() => null);
  const problem = isRecord(body) ? body : {};
  const { retryAfter } = problem;
  return {
    status: res.status,
    code: isString(problem.code) ? problem.code : undefined,
    errors: fieldErrors(problem.errors) ?? {},
    retryAfterSeconds: isNumber(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  };
}
