/**
 * The reference page rendered for every request, as a page at an address the site has not stored
 * is: the render phase's floor (bench/render.ts). The root page is prerendered when it is built.
 */
export const dynamic = 'force-dynamic';

export { default } from '../page';
