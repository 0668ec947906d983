/**
 * A failed call to the site's own API, as the browser's code sees it: the answer's status (0 when
 * no answer came) and what its problem says (read-problem.ts). The house page's reads and the
 * booking steps' calls both throw it.
 */
import { readProblem } from './read-problem';

export class SiteApiError extends Error {
  constructor(
    readonly status: number,
    /** The problem's stable code, or what the caller names a failure without one. */
    readonly code: string,
    /** Field errors of a 400 answer, keyed by the field's path ("guest.email"). */
    readonly errors: Record<string, string[]>,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(`${code} (status ${status})`);
    this.name = 'SiteApiError';
  }

  /** Busy or too slow rather than refused: the same request may succeed a little later. */
  get busy(): boolean {
    return this.status === 503 || this.status === 504 || this.status === 429;
  }

  /** The error a failed answer describes; `fallbackCode` when its problem names no code. */
  static async from(res: Response, fallbackCode: string): Promise<SiteApiError> {
    const problem = await readProblem(res);
    return new SiteApiError(
      res.status,
      problem.code ?? fallbackCode,
      problem.errors,
      problem.retryAfterSeconds,
    );
  }
}
