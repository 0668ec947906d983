import 'server-only';

/** A store command that got no reply in time. */
export class ReplyTimeoutError extends Error {
  constructor(ms: number) {
    super(`no reply within ${ms} ms`);
    this.name = 'ReplyTimeoutError';
  }
}

/**
 * Waits at most `ms` for `reply`, counting only time in which this process could have read it.
 *
 * A timer that comes due while the process is busy (a long render, or a machine whose cores other
 * processes hold) runs, once the process is free, before the replies that arrived meanwhile are
 * read: a plain timeout then turns an answer that came in time into a failure, and a limiter that
 * fails closed refuses a guest for it. So when the timer fires, the verdict waits for the rest of
 * that turn of the event loop (setImmediate runs after its reads): a reply already there settles
 * first, and only one that has not come fails.
 */
export function replyWithin<T>(reply: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return;
        settled = true;
        reject(new ReplyTimeoutError(ms));
      });
    }, ms);
    reply.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
