/**
 * zod for every module a browser may load: import `z` from here, never from 'zod', in
 * lib/booking, components and the other modules the pages' client code reaches.
 *
 * zod's object schemas decide when they are built whether to compile a fast parser with
 * `new Function`, after testing once whether that is allowed. Under the site's content security
 * policy (no 'unsafe-eval') the test itself is reported as a violation. Told `jitless` before any
 * schema exists, zod skips the test and parses without compiling code. A module that imports `z`
 * from here is evaluated after this one, so its schemas are built after the setting. The server
 * keeps the compiled parsers: no policy applies there, and they are faster.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };

/**
 * A schema built the first time it parses something, not when its module is evaluated. zod
 * builds a schema from many small objects, each with its own methods, and the booking step's
 * modules hold a few dozen: built eagerly, they were a large part of the work the browser does
 * while the page hydrates, for schemas the first step does not use. Modules the pages' client
 * code reaches export their schemas through this.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(build);
}
