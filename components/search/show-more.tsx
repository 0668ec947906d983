import { Link } from '@/lib/i18n/navigation';
import { buttonSecondary } from '@/components/ui/styles';

/** A plain link to the same search with more houses; scrolling stays where it is. */
export function ShowMore({ href, label, status }: { href: string; label: string; status: string }) {
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <p className="text-sm text-slate-700">{status}</p>
      <Link href={href} scroll={false} className={buttonSecondary}>
        {label}
      </Link>
    </div>
  );
}
