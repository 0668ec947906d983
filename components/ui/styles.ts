/**
 * Shared class names, so every button and field has the same touch target (≥ 44 px), focus
 * ring and contrast, whether it is a <button>, a <Link> or a plain <a>. The styles are in the
 * components layer of app/globals.css: a short name instead of a long utility list on every
 * field and button (a search page's party editor alone has a dozen) keeps pages light, and a
 * utility added beside one of them still wins over it.
 */
export const buttonPrimary = 'btn-primary';

export const buttonSecondary = 'btn-secondary';

export const iconButton = 'btn-icon';

export const fieldInput = 'field-input';

export const fieldLabel = 'field-label';

export const fieldError = 'field-error';

export const textLink = 'text-link';

export const card = 'rounded-xl border border-slate-200 bg-white shadow-sm';
