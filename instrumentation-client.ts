import { z } from 'zod';

/**
 * Runs in the browser before the site's own code. zod's compiled parsers first test whether
 * `new Function` is allowed, once, when the first object schema is built; under the site's
 * content security policy (no 'unsafe-eval') that test is reported as a violation on every
 * page. Here, before any schema exists, zod is told to parse without compiling code. The server
 * keeps the faster compiled parsers: no policy applies there.
 */
z.config({ jitless: true });
