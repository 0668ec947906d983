/** The loopback ports and the partner quota of a bench run. */
export const SANDBOX_PORT = 4210;
export const SITE_PORT = 3210;
export const BARE_PORT = 3230;
export const DEBUGGING_PORT = 9232;
export const REFERENCE_PORT = 3240;
/** `next start` of the site's build, beside the site in the render phase. */
export const NEXT_START_PORT = 3250;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
/** The partner's quota, calls per minute (the sandbox's default). */
export const QUOTA_PER_MINUTE = 100;
