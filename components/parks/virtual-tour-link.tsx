import { textLink } from '@/components/ui/styles';
import { cx } from '@/components/ui/cx';

/** A park's virtual tour, opened in a new window, which screen readers are told. */
export function VirtualTourLink({ href, label, newWindow }: { href: string; label: string; newWindow: string }) {
  return (
    <p className="mt-3">
      <a
        href={href}
        className={cx(textLink, 'inline-flex min-h-11 items-center')}
        target="_blank"
        rel="noopener noreferrer"
      >
        {label}
        <span className="sr-only"> ({newWindow})</span>
      </a>
    </p>
  );
}
