'use client';

import { useTranslations } from 'next-intl';
import { useLinkStatus } from 'next/link';
import { createContext, useCallback, useContext, useMemo, useTransition, type ReactNode } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { cx } from './cx';

/**
 * Client navigations within a page (new search, sort, filter) share one transition, so the
 * results can show that they are being replaced. The pages render fully on the server (no
 * streaming skeletons, which would hide content from guests without JavaScript); this is the
 * feedback while the next page is on its way.
 */
interface NavigationPending {
  pending: boolean;
  navigate: (href: string) => void;
}

const Context = createContext<NavigationPending | null>(null);

export function NavigationPendingProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const navigate = useCallback((href: string) => startTransition(() => router.push(href)), [router]);
  const value = useMemo(() => ({ pending, navigate }), [pending, navigate]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useNavigate(): NavigationPending {
  const shared = useContext(Context);
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const navigate = useCallback((href: string) => startTransition(() => router.push(href)), [router]);
  return shared ?? { pending, navigate };
}

/** Dims its content and tells assistive technology while a navigation is under way. */
export function PendingRegion({ children, className }: { children: ReactNode; className?: string }) {
  const t = useTranslations('loading');
  const pending = useContext(Context)?.pending ?? false;
  return (
    <div aria-busy={pending || undefined} className={cx(className, 'transition-opacity', pending && 'opacity-50')}>
      <p role="status" className="sr-only">
        {pending ? t('updating') : ''}
      </p>
      {children}
    </div>
  );
}

/** Inside a <Link>: a small spinner while the link's page is loading. */
export function LinkPendingIndicator() {
  const t = useTranslations('loading');
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span role="status" className="ml-2 inline-flex items-center align-middle">
      <span
        aria-hidden="true"
        className="inline-block size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none"
      />
      <span className="sr-only">{t('opening')}</span>
    </span>
  );
}
