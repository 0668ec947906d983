import { Skeleton } from '@/components/ui/skeleton';

/** Shaped like the booking page: heading, progress bar, a step and the summary. */
export default function Loading() {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-4 sm:px-6" aria-busy="true">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-3 h-8 w-3/4 max-w-lg" />
      <Skeleton className="mt-2 h-5 w-56" />
      <div className="mt-5 grid grid-cols-4 gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-1.5" />
        ))}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="order-2 space-y-4 lg:order-1">
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
        <Skeleton className="order-1 h-14 w-full lg:order-2 lg:h-72" />
      </div>
    </div>
  );
}
