/**
 * What the browser gets in place of zod's table of error-message translations (next.config.mjs
 * aliases it here for browser bundles only). zod exposes all sixty-odd languages as `z.locales`,
 * and Turbopack keeps the whole namespace once `z` is used, about 250 KB of script on the booking
 * steps. The site shows its own localized messages for every field and never reads zod's; zod
 * itself imports English directly, so English alone is kept here.
 */
export { default as en } from 'zod/v4/locales/en.js';
