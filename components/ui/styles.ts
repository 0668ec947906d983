/**
 * Shared class strings, so every button and field has the same touch target (≥ 44 px), focus
 * ring and contrast, whether it is a <button>, a <Link> or a plain <a>.
 */
export const buttonPrimary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 active:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500';

export const buttonSecondary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-4 py-2 text-base font-medium text-slate-900 transition-colors hover:border-brand-600 hover:bg-brand-50';

export const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-400 bg-white text-slate-900 transition-colors hover:border-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400';

export const fieldInput =
  'block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

export const fieldLabel = 'block text-sm font-semibold text-slate-800';

export const fieldError = 'mt-1 text-sm font-medium text-red-800';

export const textLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export const card = 'rounded-xl border border-slate-200 bg-white shadow-sm';
