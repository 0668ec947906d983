import { problem } from '@/lib/http/problem';

/** An API address that names no endpoint: a problem+json 404, as every other API refusal is. */
function notFoundProblem(): Response {
  return problem({ status: 404, code: 'not_found', title: 'No such endpoint.' });
}

export const GET = notFoundProblem;
export const HEAD = notFoundProblem;
export const POST = notFoundProblem;
export const PUT = notFoundProblem;
export const PATCH = notFoundProblem;
export const DELETE = notFoundProblem;
