'use client';

import type { FormEvent, ReactNode } from 'react';
import { requestFocusAfterNavigation } from './focus-request';
import { useNavigate } from './navigation-pending';

/**
 * A GET form that works as plain HTML and, once hydrated, navigates client-side instead of
 * reloading the page. Empty fields are left out of the address, as a deep link would.
 */
export function GetForm({
  action,
  pathname,
  className,
  children,
  focusAfter,
  ...aria
}: {
  /** The localized action for the no-JavaScript submit, e.g. `/en/search`. */
  action: string;
  /** The same page for the locale-aware router, e.g. `/search`. */
  pathname: string;
  className?: string;
  children: ReactNode;
  /** The id of the element on the page navigated to that takes the focus (see focus-request). */
  focusAfter?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const { pending, navigate } = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') params.append(name, value);
    }
    const query = params.toString();
    if (focusAfter !== undefined) requestFocusAfterNavigation(focusAfter);
    navigate(query ? `${pathname}?${query}` : pathname);
  };
  return (
    <form
      action={action}
      method="get"
      onSubmit={onSubmit}
      className={className}
      aria-busy={pending || undefined}
      {...aria}
    >
      {children}
    </form>
  );
}
