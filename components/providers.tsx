'use client';

import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isWorthRetrying } from '@/lib/pages/house-queries';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-rendered data arrives as initialData; do not refetch it the moment the page hydrates.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: isWorthRetrying,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** A new client per request on the server; one per browser session, kept across navigations. */
function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

/**
 * react-query for the house page's booking panel, its one user outside the booking flow (which
 * keeps a client of its own); only the pages that render it load react-query.
 */
export function Providers({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
