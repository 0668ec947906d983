import { cx } from './cx';

/** A grey placeholder block; loading.tsx files compose these into the shape of the real page. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
    />
  );
}
