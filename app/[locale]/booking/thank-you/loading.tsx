import { Skeleton } from '@/components/ui/skeleton';

/** Shaped like the thank-you page: heading, the booking's details and the price. */
export default function Loading() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8" aria-busy="true">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-full max-w-lg" />
      <Skeleton className="h-56 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}
