/**
 * Reads a failed answer of the site's own API (application/problem+json) in the browser. Every
 * field is checked on its own and may be missing: an answer from a proxy or a crash page still
 * gives the status, and a malformed `errors` does not hide a good `code`.
 */
import { lazySchema, z } from '@/lib/validation/zod-browser';

const ProblemBodySchema = lazySchema(() =>
  z.object({
    code: z.string().optional().catch(undefined),
    errors: z.record(z.string(), z.array(z.string())).optional().catch(undefined),
    retryAfter: z.number().nonnegative().optional().catch(undefined),
  }),
);

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
  const parsed = ProblemBodySchema.safeParse(body ?? {});
  const problem = parsed.success ? parsed.data : {};
  return {
    status: res.status,
    code: problem.code,
    errors: problem.errors ?? {},
    retryAfterSeconds: problem.retryAfter,
  };
}
